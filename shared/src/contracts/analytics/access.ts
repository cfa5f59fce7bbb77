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

/** Report exports: operators need export_report_base_to_operators too. */
export const REPORTS_EXPORT_ACCESS = {
  roles: 'all',
  operatorPermission: 'export_report_base_to_operators',
} as const satisfies AccessRule;
