import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';

const ROOT = ['admin', 'employees'] as const;

export const employeeKeys = {
  all: ROOT,
  list: (search: string) => [...ROOT, 'list', search] as const,
  departmentOptions: [...ROOT, 'department-options'] as const,
  emailCheck: (email: string) => [...ROOT, 'email-check', email] as const,
  invitations: [...ROOT, 'invitations'] as const,
};

export const EMPLOYEE_LIVE_EVENTS: readonly ServerEvent[] = ['admin-update-employees', 'refresh-session'];

const DEPARTMENT_CHANGES = new Set(['departments-update', 'sub-department-delete', 'department-delete']);

/**
 * admin-update-employees refreshes the list; a department change refreshes the department choices and the list too,
 * since deleting a department drops it from its employees.
 */
export function employeeKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event === 'admin-update-employees') return [employeeKeys.all];
  if (frame.event !== 'refresh-session') return [];
  const { event } = (frame as ServerFrame<'refresh-session'>).data;
  return DEPARTMENT_CHANGES.has(event) ? [employeeKeys.all] : [];
}
