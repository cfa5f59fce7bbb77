import { randomUUID } from 'node:crypto';
import type { EmployeeView } from '@atende/shared/contracts/account/views';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { toEmployeeView } from '../account/records.ts';
import { getCompany, getEmployee, recordAccess } from '../account/store.ts';
import { Unauthorized } from '../lib/errors.ts';
import { setLastCompany } from './accounts.ts';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from './refresh-tokens.ts';
import { createSession, type SessionRef } from './session-store.ts';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './tokens.ts';

/** The employee and company behind a session, refusing blocked accounts with the spec's message. */
export async function activeEmployee(companyId: string, employeeId: string) {
  const [employee, company] = await Promise.all([getEmployee(companyId, employeeId), getCompany(companyId)]);
  if (!employee || !company) throw new Unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (employee.inactive || company.account_disabled) throw new Unauthorized(AUTH_MESSAGES.accountBlocked);
  return { employee, company };
}

export const sessionExpiry = (now: Date): Date => new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  employee: EmployeeView;
}

/**
 * Starts a session of the account's employee in one company (sign-in, company switch): the session with its
 * first refresh token, the employee's last access, and the account's last company for the next sign-in.
 */
export async function openSession(
  companyId: string,
  employeeId: string,
  secret: string,
  now: Date,
): Promise<Tokens> {
  const { employee } = await activeEmployee(companyId, employeeId);
  const session: SessionRef = { companyId, employeeId, sessionId: randomUUID() };
  const refreshToken = newRefreshToken();
  await createSession(session, hashRefreshToken(refreshToken), sessionExpiry(now), now);
  await Promise.all([recordAccess(companyId, employeeId, now), setLastCompany(employee.email, companyId)]);
  const accessToken = await signAccessToken({ ...session, role: employee.role }, secret);
  return {
    accessToken,
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    employee: toEmployeeView({ ...employee, last_access_in_platform: now.toISOString() }),
  };
}
