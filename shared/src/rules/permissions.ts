import type { Role } from '../domain/constants.ts';

/** Per-route permission names of spec point 5. */
export const ROUTE_PERMISSIONS = {
  dashboardView: 'dashboard:view',
  chatModule: 'chat:module',
  contactsView: 'contacts:view',
  campaignModule: 'campaign:module',
  accountSettings: 'account:settings',
} as const;
export type RoutePermission = (typeof ROUTE_PERMISSIONS)[keyof typeof ROUTE_PERMISSIONS];

/**
 * What each role holds under the manager/profile-manager rollouts: a manager is like an admin (spec point 6), an
 * operator has no configuration, so keeps only chat and contacts.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly string[]> = {
  admin: Object.values(ROUTE_PERMISSIONS),
  manager: Object.values(ROUTE_PERMISSIONS),
  operator: [ROUTE_PERMISSIONS.chatModule, ROUTE_PERMISSIONS.contactsView],
};

/** Role grant first; a legacy company permission flag set to true also grants the permission. */
export function hasRoutePermission(
  role: Role,
  permission: string,
  companyPermissions: Record<string, boolean>,
): boolean {
  return ROLE_PERMISSIONS[role].includes(permission) || companyPermissions[permission] === true;
}
