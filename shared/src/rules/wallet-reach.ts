import type { Role } from '../domain/constants.ts';

export interface WalletSwitches {
  wallet_mode: boolean;
  limit_customers_to_wallet_employees: boolean;
}

export interface WalletMembers {
  _id: string;
  employee_owner?: string;
  employees: readonly string[];
}

/**
 * Which customers' wallets an employee reaches. `limited` is false when the wallet rules do not apply to them
 * (the company has them off, or they are an admin); `own` holds the wallets they own or belong to.
 */
export interface WalletReach {
  limited: boolean;
  own: ReadonlySet<string>;
}

export const UNLIMITED: WalletReach = { limited: false, own: new Set() };

/** The per-role wallet view limits of spec point 6 ("Ver apenas contatos das suas carteiras"). */
export const ROLE_WALLET_LIMIT = {
  manager: 'limit_view_customer_wallet_manager',
  operator: 'limit_view_customer_wallet_operator',
} as const;

/** What about the viewer, beyond their role, bears on the wallet limit. */
export interface WalletViewer {
  /** The company's permission flags. */
  permissions?: Readonly<Record<string, boolean | undefined>>;
  /** They belong to a department with the view_all_contacts permission (spec point 3, Department). */
  viewAllContacts?: boolean;
}

/**
 * Spec point 5: "limited to wallet members when wallet mode and its limit are on, except admin". Spec point 6 adds
 * a limit per role (limit_view_customer_wallet_manager / _operator), so an admin can limit only operators, only
 * managers, or everyone with the company limit; wallets mean nothing while wallet mode is off. A member of a
 * department allowed to view all contacts is never limited: that department permission exists to lift it.
 */
export function walletLimitApplies(role: Role, company: WalletSwitches, viewer: WalletViewer = {}): boolean {
  if (role === 'admin' || !company.wallet_mode || viewer.viewAllContacts === true) return false;
  return (
    company.limit_customers_to_wallet_employees || viewer.permissions?.[ROLE_WALLET_LIMIT[role]] === true
  );
}

/** Whether anyone at all is limited: only then are the company's wallets worth reading. */
export const anyWalletLimit = (
  company: WalletSwitches,
  permissions: Readonly<Record<string, boolean | undefined>>,
): boolean =>
  company.wallet_mode &&
  (company.limit_customers_to_wallet_employees ||
    Object.values(ROLE_WALLET_LIMIT).some((flag) => permissions[flag] === true));

/** Departments (flattened) whose permission lets their employees view every contact. */
export const viewsAllContacts = (
  departments: readonly { employees: readonly string[]; view_all_contacts: boolean }[],
  employeeId: string,
): boolean =>
  departments.some((department) => department.view_all_contacts && department.employees.includes(employeeId));

export function walletReach(
  role: Role,
  employeeId: string,
  company: WalletSwitches,
  wallets: readonly WalletMembers[],
  viewer: WalletViewer = {},
): WalletReach {
  if (!walletLimitApplies(role, company, viewer)) return UNLIMITED;
  const own = wallets
    .filter((wallet) => wallet.employee_owner === employeeId || wallet.employees.includes(employeeId))
    .map((wallet) => wallet._id);
  return { limited: true, own: new Set(own) };
}

/**
 * The inbox's wallet rule: under the limit, a conversation whose customer is in a wallet is only for that
 * wallet's members. A customer in no wallet stays with everyone the department rules let in: new customers
 * arrive with no wallet, and hiding them would leave the queue to admins alone.
 */
export const reachesCustomer = (reach: WalletReach, wallet: string | null): boolean =>
  !reach.limited || wallet === null || reach.own.has(wallet);

/**
 * The queue count's wallet filter (spec point 7: `wallets` with `walletEnable`): only customers of the listed
 * wallets; an empty list narrows nothing, like the department filter.
 */
export function inWalletFilter(
  filter: { enabled: boolean; wallets: readonly string[] },
  wallet: string | null,
): boolean {
  if (!filter.enabled || filter.wallets.length === 0) return true;
  return wallet !== null && filter.wallets.includes(wallet);
}
