import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { getEmployee } from '../account/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Unauthorized } from '../lib/errors.ts';
import { type Account, readAccount } from './accounts.ts';

/**
 * The login account of the signed-in employee, found through the employee's e-mail. The account must list
 * the caller's company and employee, so a token can only ever reach its own account.
 */
export async function callerAccount(auth: AuthContext): Promise<Account> {
  const employee = await getEmployee(auth.companyId, auth.employeeId);
  const account = employee ? await readAccount(employee.email) : undefined;
  const member = account?.memberships.find((entry) => entry.companyId === auth.companyId);
  if (!account || member?.employeeId !== auth.employeeId) {
    throw new Unauthorized(AUTH_MESSAGES.sessionEnded);
  }
  return account;
}
