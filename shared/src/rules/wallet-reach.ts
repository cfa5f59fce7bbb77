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

/** Spec point 5: "limited to wallet members when wallet mode and its limit are on, except admin". */
export const walletLimitApplies = (role: Role, company: WalletSwitches): boolean =>
  role !== 'admin' && company.wallet_mode && company.limit_customers_to_wallet_employees;

export function walletReach(
  role: Role,
  employeeId: string,
  company: WalletSwitches,
  wallets: readonly WalletMembers[],
): WalletReach {
  if (!walletLimitApplies(role, company)) return UNLIMITED;
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
