import { randomUUID } from 'node:crypto';
import type { EmployeeView } from '@atende/shared/contracts/account/views';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import type { z } from 'zod';
import type { registerTrialBody } from '@atende/shared/contracts/auth/register-trial';
import { newObjectId } from '@atende/shared/domain/object-id';
import { newEmployee, newTrialCompany } from '../account/defaults.ts';
import { toCompanyView, toEmployeeView } from '../account/records.ts';
import { getCompany, getEmployee, recordAccess } from '../account/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid, TooManyRequests, Unauthorized } from '../lib/errors.ts';
import { normalizeEmail } from './keys.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from './refresh-tokens.ts';
import {
  createSession,
  findRefresh,
  listEmployeeSessions,
  revokeSession,
  rotateRefresh,
  type SessionRef,
} from './session-store.ts';
import {
  companyItem,
  employeeItems,
  findEmailClaim,
  getPasswordHash,
  replacePassword,
  writeAtomically,
} from './store.ts';
import { clearFailures, countFailure, readThrottle } from './throttle-store.ts';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './tokens.ts';

/** Failed sign-ins allowed in one window, per e-mail and per client address. */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;

export async function registerTrial(input: z.infer<typeof registerTrialBody>, now = new Date()) {
  const company = newTrialCompany({
    id: newObjectId(),
    name: input.company_name,
    accountType: input.account_type,
    now,
  });
  const employee = newEmployee({
    id: newObjectId(),
    companyId: company._id,
    name: input.name,
    email: normalizeEmail(input.email),
    role: 'admin',
    isRoot: true,
    now,
    passwordSetByAdmin: false,
  });
  const passwordHash = await hashPassword(input.password);
  await writeAtomically([companyItem(company), ...employeeItems(employee, passwordHash)]);
  return { company: toCompanyView(company), employee: toEmployeeView(employee) };
}

/** The employee and company behind a session, refusing blocked accounts with the spec's message. */
async function activeAccount(companyId: string, employeeId: string) {
  const [employee, company] = await Promise.all([getEmployee(companyId, employeeId), getCompany(companyId)]);
  if (!employee || !company) throw new Unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (employee.inactive || company.account_disabled) throw new Unauthorized(AUTH_MESSAGES.accountBlocked);
  return { employee, company };
}

const sessionExpiry = (now: Date): Date => new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  employee: EmployeeView;
}

export async function signIn(
  credentials: { email: string; password: string },
  clientAddress: string,
  secret: string,
  now = new Date(),
): Promise<Tokens> {
  const email = normalizeEmail(credentials.email);
  const subjects = [
    { kind: 'ACCOUNT' as const, subject: email },
    { kind: 'ADDRESS' as const, subject: clientAddress },
  ];
  const [account, address] = await readThrottle(subjects, now);
  const blockedUntil = Math.max(
    account && account.count >= THROTTLE.perAccount ? account.windowEndsAt : 0,
    address && address.count >= THROTTLE.perAddress ? address.windowEndsAt : 0,
  );
  if (blockedUntil > 0) {
    throw new TooManyRequests(
      AUTH_MESSAGES.tooManyAttempts,
      Math.max(1, blockedUntil - Math.floor(now.getTime() / 1000)),
    );
  }

  const claim = await findEmailClaim(email);
  const storedHash = claim ? await getPasswordHash(claim.companyId, claim.employeeId) : undefined;
  const valid = storedHash
    ? await verifyPassword(credentials.password, storedHash)
    : await burnPasswordCheck(credentials.password);
  if (!claim || !valid) {
    await Promise.all(
      subjects.map(({ kind, subject }) => countFailure(kind, subject, THROTTLE.windowSeconds, now)),
    );
    throw new Unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await clearFailures('ACCOUNT', email);

  const { employee } = await activeAccount(claim.companyId, claim.employeeId);
  const session: SessionRef = {
    companyId: claim.companyId,
    employeeId: claim.employeeId,
    sessionId: randomUUID(),
  };
  const refreshToken = newRefreshToken();
  await createSession(session, hashRefreshToken(refreshToken), sessionExpiry(now), now);
  await recordAccess(claim.companyId, claim.employeeId, now);
  const accessToken = await signAccessToken({ ...session, role: employee.role }, secret);
  return {
    accessToken,
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    employee: toEmployeeView({ ...employee, last_access_in_platform: now.toISOString() }),
  };
}

/**
 * Rotates a refresh token. A token already rotated means it leaked or was replayed: the whole session is
 * revoked, so the access token issued alongside stops working too.
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
  const { employee } = await activeAccount(record.companyId, record.employeeId);
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
 * The caller replaces their password: a wrong current one is a 400 on `current_password`. The employee's
 * other sessions end, since whoever held the old password may hold them; the caller's session stays.
 */
export async function changePassword(
  auth: AuthContext,
  input: { current_password: string; new_password: string },
  now = new Date(),
): Promise<void> {
  const storedHash = await getPasswordHash(auth.companyId, auth.employeeId);
  const valid = storedHash ? await verifyPassword(input.current_password, storedHash) : false;
  if (!storedHash || !valid) throw new Invalid('current_password', AUTH_MESSAGES.wrongCurrentPassword);
  const replaced = await replacePassword(
    auth.companyId,
    auth.employeeId,
    storedHash,
    await hashPassword(input.new_password),
  );
  if (!replaced) throw new Invalid('current_password', AUTH_MESSAGES.wrongCurrentPassword);
  const sessions = await listEmployeeSessions(auth.companyId, auth.employeeId);
  await Promise.all(
    sessions
      .filter((session) => session.sessionId !== auth.sessionId && !session.revoked)
      .map((session) => revokeSession(session, now)),
  );
}
