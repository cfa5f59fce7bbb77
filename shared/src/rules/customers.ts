import type { Role } from '../domain/constants.ts';

export interface WalletScope {
  role: Role;
  employeeId: string;
  company: { wallet_mode: boolean; limit_customers_to_wallet_employees: boolean };
}

/**
 * Spec point 5: when wallet mode and its limit are both on, only members of the customer's wallet (its employees or
 * its owner) manage the customer; admins always do. A customer in no wallet (`null`) belongs to no one's wallet and
 * stays open to everyone, as in the inbox, where new customers must reach someone; a wallet that cannot be found
 * (`undefined`) fails closed.
 */
export function canManageCustomer(
  scope: WalletScope,
  wallet: { employees: readonly string[]; employee_owner?: string } | null | undefined,
): boolean {
  if (scope.role === 'admin') return true;
  if (!scope.company.wallet_mode || !scope.company.limit_customers_to_wallet_employees) return true;
  if (wallet === null) return true;
  if (!wallet) return false;
  return wallet.employee_owner === scope.employeeId || wallet.employees.includes(scope.employeeId);
}

export type SensitiveMaskMode = 'none' | 'partial' | 'total';

/**
 * Which masking applies to a viewer (spec point 6): managers under hide_personal_data_manager_open and operators
 * under hide_personal_data_operator_open get the company's mode (partial or total); admins see everything.
 */
export function sensitiveMaskMode(
  role: Role,
  permissions: Record<string, boolean>,
  companyMode: 'partial' | 'total',
): SensitiveMaskMode {
  if (role === 'manager' && permissions.hide_personal_data_manager_open === true) return companyMode;
  if (role === 'operator' && permissions.hide_personal_data_operator_open === true) return companyMode;
  return 'none';
}

export const TOTAL_MASK = '********';
const VISIBLE_PHONE_DIGITS = 4;

/** Partial keeps the last 4 digits of a phone (layout kept) or the first letter and domain of an e-mail. */
export function maskSensitive(value: string, kind: 'phone' | 'email', mode: SensitiveMaskMode): string {
  if (mode === 'none' || value.length === 0) return value;
  if (mode === 'total') return TOTAL_MASK;
  if (kind === 'email') {
    const at = value.indexOf('@');
    if (at <= 0) return TOTAL_MASK;
    return `${value[0]}***${value.slice(at)}`;
  }
  let digitsLeft = value.replace(/\D/g, '').length - VISIBLE_PHONE_DIGITS;
  return value.replace(/\d/g, (digit) => (digitsLeft-- > 0 ? '*' : digit));
}
