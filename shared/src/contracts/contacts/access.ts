import { PLAN_FEATURES, PLAN_GROUPS, ROLLOUTS } from '../../domain/features.ts';
import { ROUTE_PERMISSIONS } from '../../rules/permissions.ts';
import type { AccessRule } from '../types.ts';

/** The app/contacts route rules (spec point 2), applied on the server to the API behind each screen. */
export const CONTACTS_ACCESS = {
  roles: 'all',
  permission: ROUTE_PERMISSIONS.contactsView,
} as const satisfies AccessRule;

export const CONTACTS_ADMIN_ACCESS = {
  roles: ['admin'],
  permission: ROUTE_PERMISSIONS.contactsView,
} as const satisfies AccessRule;

export const BLACKLIST_ACCESS = {
  ...CONTACTS_ADMIN_ACCESS,
  plans: PLAN_GROUPS.advancedOrProfessional,
} as const satisfies AccessRule;

export const CUSTOM_FIELDS_ACCESS = {
  ...CONTACTS_ADMIN_ACCESS,
  rollouts: [ROLLOUTS.customFields],
} as const satisfies AccessRule;

/** Import: admins, managers with contacts:import-base, operators with its operator equivalent (spec point 6). */
export const IMPORT_ACCESS = {
  roles: ['admin', 'manager', 'operator'],
  companyPermission: 'contacts:import-base',
  operatorPermission: 'operator_contacts:import-base',
} as const satisfies AccessRule;

/** Export: admins, managers with contacts:export-base, operators with its operator equivalent (spec point 6). */
export const EXPORT_ACCESS = {
  roles: ['admin', 'manager', 'operator'],
  companyPermission: 'contacts:export-base',
  operatorPermission: 'operator_contacts:export-base',
} as const satisfies AccessRule;

/** app/contacts/wallets/manager: admins of advanced or professional plans with the wallet-attendant feature. */
export const WALLET_ADMIN_ACCESS = {
  ...CONTACTS_ADMIN_ACCESS,
  plans: PLAN_GROUPS.advancedOrProfessional,
  planFeatures: [PLAN_FEATURES.walletAttendant],
} as const satisfies AccessRule;

/**
 * Browsing contacts wallet by wallet (the wallets page, the contacts' wallet filter): every role, operators only
 * with contacts:wallet_view (spec point 6).
 */
export const WALLET_VIEW_ACCESS = {
  ...CONTACTS_ACCESS,
  operatorPermission: 'contacts:wallet_view',
} as const satisfies AccessRule;

/**
 * A wallet's contacts as CSV: admins, managers with wallets:export-base, operators with its operator equivalent
 * (spec point 6, "export and manage wallets").
 */
export const WALLET_EXPORT_ACCESS = {
  roles: ['admin', 'manager', 'operator'],
  permission: ROUTE_PERMISSIONS.contactsView,
  companyPermission: 'wallets:export-base',
  operatorPermission: 'operator_wallets:export-base',
} as const satisfies AccessRule;
