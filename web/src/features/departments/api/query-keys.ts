import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';

const ROOT = ['admin', 'organization'] as const;

export const organizationKeys = {
  departments: [...ROOT, 'departments'] as const,
  tabulations: [...ROOT, 'tabulations'] as const,
  employeeChoices: [...ROOT, 'employee-choices'] as const,
};

export const ORGANIZATION_LIVE_EVENTS: readonly ServerEvent[] = ['refresh-session', 'admin-update-employees'];

/** Each refresh-session event names what changed; only that list is fetched again. */
export function organizationKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event === 'admin-update-employees')
    return [organizationKeys.employeeChoices, organizationKeys.departments];
  if (frame.event !== 'refresh-session') return [];
  const { event } = (frame as ServerFrame<'refresh-session'>).data;
  switch (event) {
    case 'departments-update':
    case 'sub-department-delete':
    case 'department-delete':
      return [organizationKeys.departments];
    case 'tabulation-create':
    case 'tabulation-update':
    case 'tabulation-delete':
      return [organizationKeys.tabulations];
    case 'update-company':
      // tabulation_mode lives on the company.
      return [organizationKeys.tabulations];
    default:
      return [];
  }
}
