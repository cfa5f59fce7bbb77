import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';

const ROOT = ['admin', 'company'] as const;

export const companyKeys = {
  all: ROOT,
  settings: [...ROOT, 'settings'] as const,
  permissions: [...ROOT, 'permissions'] as const,
  profile: [...ROOT, 'profile'] as const,
  rolloutBlacklist: [...ROOT, 'rollout-blacklist'] as const,
  departmentOptions: [...ROOT, 'department-options'] as const,
};

export const COMPANY_LIVE_EVENTS: readonly ServerEvent[] = ['refresh-session'];

const DEPARTMENT_CHANGES = new Set(['departments-update', 'sub-department-delete', 'department-delete']);

/** update-company refreshes settings, permissions and profile; a department change refreshes the choices. */
export function companyKeysForFrame(frame: ServerFrame): QueryKey[] {
  if (frame.event !== 'refresh-session') return [];
  const { event } = (frame as ServerFrame<'refresh-session'>).data;
  if (event === 'update-company') return [companyKeys.all];
  if (DEPARTMENT_CHANGES.has(event)) return [companyKeys.departmentOptions];
  return [];
}
