import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { accountsPtBR } from '@atende/shared/i18n/pt-BR';
import type { AuthContext } from '../lib/auth-context.ts';
import { Forbidden, Invalid, Unauthorized } from '../lib/errors.ts';
import { readAccount, readMemberStatuses } from './accounts.ts';
import { callerAccount } from './caller-account.ts';
import { normalizeEmail } from './keys.ts';
import { chooseMembership } from './memberships.ts';
import { activeEmployee, openSession, sessionExpiry, type Tokens } from './open-session.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { hashRefreshToken, newRefreshToken } from './refresh-tokens.ts';
import { findRefresh, listEmployeeSessions, revokeSession, rotateRefresh } from './session-store.ts';
import { replacePassword } from './store.ts';
import {
  clearLimit,
  countAgainst,
  type Limit,
  passwordChangeLimit,
  requireUnderLimits,
  signInLimits,
} from './throttle.ts';
import { signAccessToken } from './tokens.ts';

export type { Tokens } from './open-session.ts';

export async function signIn(
  credentials: { email: string; password: string; company?: string | undefined },
  clientAddress: string,
  secret: string,
  now = new Date(),
): Promise<Tokens> {
  const email = normalizeEmail(credentials.email);
  const limits = signInLimits(email, clientAddress);
  await requireUnderLimits(limits, now);

  const account = await readAccount(email);
  const valid = account?.passwordHash
    ? await verifyPassword(credentials.password, account.passwordHash)
    : await burnPasswordCheck(credentials.password);
  if (!account || !valid) {
    await countAgainst(limits, now);
    throw new Unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await clearLimit(limits[0] as Limit);

  const choice = chooseMembership(await readMemberStatuses(account.memberships), {
    wanted: credentials.company,
    last: account.lastCompanyId,
  });
  if ('refused' in choice) {
    if (choice.refused === 'not-member') throw new Forbidden(accountsPtBR.notMember);
    throw new Unauthorized(AUTH_MESSAGES.accountBlocked);
  }
  return openSession(choice.member.companyId, choice.member.employeeId, secret, now);
}

/**
 * Rotates a refresh token. A token already rotated means it leaked or was replayed: the whole session is
 * revoked, so the access token issued alongside stops working too. Sessions belong to one company: a refresh
 * never moves a session to another company of the account.
 */
export async function refreshSession(token: string, secret: string, now = new Date()) {
  const oldHash = hashRefreshToken(token);
  const record = await findRefresh(oldHash);
  if (!record || record.expiresAt <= Math.floor(now.getTime() / 1000)) {
    throw new Unauthorized(AUTH_MESSAGES.invalidRefreshToken);
  }
  if (record.status === 'rotated') {
    await revokeSession(record, now);
    throw new Unauthorized(AUTH_MESSAGES.sessionEnded);
  }
  const { employee } = await activeEmployee(record.companyId, record.employeeId);
  const refreshToken = newRefreshToken();
  const outcome = await rotateRefresh(
    record,
    oldHash,
    hashRefreshToken(refreshToken),
    sessionExpiry(now),
    now,
  );
  if (outcome === 'reused') {
    await revokeSession(record, now);
    throw new Unauthorized(AUTH_MESSAGES.sessionEnded);
  }
  if (outcome === 'revoked') throw new Unauthorized(AUTH_MESSAGES.sessionEnded);
  const accessToken = await signAccessToken(
    {
      companyId: record.companyId,
      employeeId: record.employeeId,
      sessionId: record.sessionId,
      role: employee.role,
    },
    secret,
  );
  return { accessToken, refreshToken };
}

export async function revokeCurrentSession(auth: AuthContext, now = new Date()): Promise<void> {
  await revokeSession(auth, now);
}

/**
 * The caller replaces their account's password, which every company of the account uses: a wrong current one
 * is a 400 on `current_password`. The account's other sessions, in every company, end, since whoever held the
 * old password may hold them; the caller's session stays.
 */
export async function changePassword(
  auth: AuthContext,
  input: { current_password: string; new_password: string },
  now = new Date(),
): Promise<void> {
  const account = await callerAccount(auth);
  const limit = passwordChangeLimit(account.email);
  await requireUnderLimits([limit], now);
  const storedHash = account.passwordHash;
  const valid = storedHash ? await verifyPassword(input.current_password, storedHash) : false;
  if (!storedHash || !valid) {
    await countAgainst([limit], now);
    throw new Invalid('current_password', AUTH_MESSAGES.wrongCurrentPassword);
  }
  await clearLimit(limit);
  const replaced = await replacePassword(account, storedHash, await hashPassword(input.new_password));
  if (!replaced) throw new Invalid('current_password', AUTH_MESSAGES.wrongCurrentPassword);
  const sessions = (
    await Promise.all(
      account.memberships.map((member) => listEmployeeSessions(member.companyId, member.employeeId)),
    )
  ).flat();
  await Promise.all(
    sessions
      .filter((session) => session.sessionId !== auth.sessionId && !session.revoked)
      .map((session) => revokeSession(session, now)),
  );
}
