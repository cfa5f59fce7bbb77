import type { AccessRule } from '../types.ts';

/**
 * app/analytics/reports (spec point 2): everyone, operators only with display_report_base_to_operators; the
 * dashboard reads the same figures. What each caller sees is scoped in the service (a manager: their
 * departments; an operator: their own conversations).
 */
export const REPORTS_ACCESS = {
  roles: 'all',
  operatorPermission: 'display_report_base_to_operators',
} as const satisfies AccessRule;

/**
 * Report exports: an operator needs export_report_base_to_operators on top of display_report_base_to_operators
 * (exporting is reading the report base; the export flag alone must not open it).
 */
export const REPORTS_EXPORT_ACCESS = {
  roles: 'all',
  operatorPermission: ['display_report_base_to_operators', 'export_report_base_to_operators'],
} as const satisfies AccessRule;
