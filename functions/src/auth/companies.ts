import type { AccountCompany } from '@atende/shared/contracts/auth/list-companies';
import { accountsPtBR } from '@atende/shared/i18n/pt-BR';
import type { AuthContext } from '../lib/auth-context.ts';
import { Forbidden } from '../lib/errors.ts';
import { readMemberStatuses } from './accounts.ts';
import { callerAccount } from './caller-account.ts';
import { chooseMembership } from './memberships.ts';
import { openSession, type Tokens } from './open-session.ts';
import { revokeSession } from './session-store.ts';

/** The companies the caller's account can work in; nothing of a company where it is inactive is answered. */
export async function listCompanies(auth: AuthContext): Promise<AccountCompany[]> {
  const account = await callerAccount(auth);
  const statuses = await readMemberStatuses(account.memberships);
  return statuses
    .filter((status) => status.active || status.companyId === auth.companyId)
    .map((status) => ({ _id: status.companyId, name: status.companyName }));
}

/**
 * Moves the caller to another company of their account: a new session there (its own token pair, refresh
 * family and role), and the caller's session ends, so one browser holds one company's session at a time.
 */
export async function switchCompany(
  auth: AuthContext,
  companyId: string,
  secret: string,
  now = new Date(),
): Promise<Tokens> {
  const account = await callerAccount(auth);
  const choice = chooseMembership(await readMemberStatuses(account.memberships), { wanted: companyId });
  if ('refused' in choice) {
    throw new Forbidden(
      choice.refused === 'not-member' ? accountsPtBR.notMember : accountsPtBR.inactiveThere,
    );
  }
  const tokens = await openSession(choice.member.companyId, choice.member.employeeId, secret, now);
  await revokeSession(auth, now);
  return tokens;
}
