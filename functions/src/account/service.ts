import {
  PLAN_ACCESS_EXCEPTION_ROLLOUT,
  PLAN_ACCESS_ROLLOUT,
  type PlanCode,
  type Role,
} from '@atende/shared/domain/constants';
import {
  findSessionsByBrowser,
  listEmployeeSessions,
  revokeSession,
  setBrowserSession,
} from '../auth/session-store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import { enabledRollouts } from '../company/rollouts.ts';
import { notifyOtherSessions } from './notify.ts';
import { type CompanyRecord, type EmployeeRecord, toCompanyView, toEmployeeView } from './records.ts';
import { expireTrial, getCompany, getEmployee, listModalNotifications } from './store.ts';

/** A path or body naming another company is refused before anything is read or written. */
function requireOwnCompany(auth: AuthContext, companyId: string): void {
  if (companyId !== auth.companyId) throw new Forbidden();
}

/** Employees are looked up only inside the caller's company: one found nowhere there is another's. */
async function employeeInCompany(auth: AuthContext, employeeId: string): Promise<EmployeeRecord> {
  const employee = await getEmployee(auth.companyId, employeeId);
  if (!employee) throw new Forbidden();
  return employee;
}

async function callerCompany(auth: AuthContext): Promise<CompanyRecord> {
  const company = await getCompany(auth.companyId);
  if (!company) throw new NotFound('Empresa não encontrada.');
  return company;
}

export const planAccessControlOn = (rollouts: readonly string[]): boolean =>
  rollouts.includes(PLAN_ACCESS_ROLLOUT) && !rollouts.includes(PLAN_ACCESS_EXCEPTION_ROLLOUT);

/** The caller, or (for an admin) a colleague, with the company populated. */
export async function mountApp(auth: AuthContext, employeeId: string) {
  if (employeeId !== auth.employeeId && auth.role !== 'admin') throw new Forbidden();
  const employee = await employeeInCompany(auth, employeeId);
  const company = await callerCompany(auth);
  return { ...toEmployeeView(employee), company: toCompanyView(company) };
}

export async function rollouts(auth: AuthContext, companyId: string): Promise<string[]> {
  requireOwnCompany(auth, companyId);
  return enabledRollouts(await callerCompany(auth));
}

/** Stored plan features under the plan-access rollout; [] when gating is off (the client then allows all). */
export async function planFeatures(auth: AuthContext, companyId: string): Promise<string[]> {
  requireOwnCompany(auth, companyId);
  const company = await callerCompany(auth);
  return planAccessControlOn(enabledRollouts(company)) ? company.plan_features : [];
}

export async function permissions(auth: AuthContext) {
  const company = await callerCompany(auth);
  return { role: auth.role, permissions: company.permissions };
}

/** Only an admin may read another role's notifications. */
export async function modalNotifications(
  auth: AuthContext,
  companyId: string,
  accountType: PlanCode,
  role?: Role,
) {
  requireOwnCompany(auth, companyId);
  const wanted = role ?? auth.role;
  if (wanted !== auth.role && auth.role !== 'admin') throw new Forbidden();
  return listModalNotifications(auth.companyId, accountType, wanted);
}

export async function companyTrialExpired(
  auth: AuthContext,
  companyId: string,
  employeeId: string,
  now = new Date(),
) {
  requireOwnCompany(auth, companyId);
  await employeeInCompany(auth, employeeId);
  const { expired, company } = await expireTrial(auth.companyId, now);
  return { expired, company: toCompanyView(company) };
}

/** Signs out every session registered under a browser id whose employee is inactive or company disabled. */
export async function forceLogoutForDisabled(auth: AuthContext, browserSessionId: string, now = new Date()) {
  const sessions = await findSessionsByBrowser(auth.companyId, browserSessionId);
  if (sessions.length === 0) throw new Forbidden();
  const company = await callerCompany(auth);
  let loggedOut = false;
  for (const session of sessions) {
    const employee = await getEmployee(auth.companyId, session.employeeId);
    if (company.account_disabled || !employee || employee.inactive) {
      await revokeSession(session, now);
      loggedOut = true;
    }
  }
  return { loggedOut };
}

/** Makes the caller's session the employee's only one: the others are revoked and told to close. */
export async function identifyBrowserSession(
  auth: AuthContext,
  browserSessionId: string,
  employeeId: string,
  now = new Date(),
) {
  if (employeeId !== auth.employeeId) throw new Forbidden();
  await setBrowserSession(auth, browserSessionId);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const others = (await listEmployeeSessions(auth.companyId, auth.employeeId)).filter(
    (session) => session.sessionId !== auth.sessionId && !session.revoked && session.expiresAt > nowSeconds,
  );
  await Promise.all(others.map((session) => revokeSession(session, now)));
  if (others.length > 0) await notifyOtherSessions(auth.companyId, auth.employeeId, auth.sessionId);
  return { closedSessions: others.length };
}
