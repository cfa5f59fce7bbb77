import { getMountApp } from '@atende/shared/contracts/account/get-mount-app';
import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { refreshToken } from '@atende/shared/contracts/auth/refresh-token';
import { switchCompany } from '@atende/shared/contracts/auth/switch-company';
import { acceptInvitation } from '@atende/shared/contracts/auth/invitations';
import { checkEmployeeEmail } from '@atende/shared/contracts/employees/check-email';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import { getEmployee } from '@atende/shared/contracts/employees/get-employee';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as accountHandler } from '../account/handler.ts';
import { getEmployee as readEmployee } from '../account/store.ts';
import { createTenant, setCompany, type Tenant, TEST_PASSWORD, uniqueEmail } from '../company/test-tenant.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { setAccountMailer } from './account-mail.ts';
import { readAccount } from './accounts.ts';
import { handler } from './handler.ts';
import { callRoute } from './test-gateway.ts';

interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  employee: { _id: string; company: string; name: string; email: string; role: string; firstLogin: boolean };
}

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  setAccountMailer(async () => undefined);
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const signIn = (email: string, password = TEST_PASSWORD, company?: string) =>
  callRoute(handler, createToken, { body: { email, password, ...(company ? { company } : {}) } });

/** B's admin invites the e-mail and the person accepts: the way an existing account joins another company. */
async function link(tenant: Tenant, email: string, role: 'admin' | 'manager' | 'operator' = 'operator') {
  const invited = await callRoute(employeesHandler, createEmployee, {
    token: tenant.admin.token,
    body: { email, role },
  });
  expect(invited.status).toBe(201);
  expect(invited.body).toEqual({ invited: true, email });
  const token = ((await signIn(email)).body as TokenAnswer).accessToken;
  const accepted = await callRoute(handler, acceptInvitation, {
    token,
    params: { companyId: tenant.companyId },
  });
  expect(accepted.status).toBe(200);
  const member = (await readAccount(email))?.memberships.find(
    (entry) => entry.companyId === tenant.companyId,
  );
  const employee = member ? await readEmployee(tenant.companyId, member.employeeId) : undefined;
  if (!employee) throw new Error('the accepted invitation made no employee');
  return employee;
}

async function companiesOf(token: string) {
  const response = await callRoute(handler, listAccountCompanies, { token });
  return response.body as { _id: string; name: string }[];
}

const switchTo = (token: string, company: string) =>
  callRoute(handler, switchCompany, { token, body: { company } });

describe('an account employed by two companies', () => {
  it("invites company A's e-mail into company B without a password; once accepted the person works in both", async () => {
    const check = await callRoute(employeesHandler, checkEmployeeEmail, {
      token: b.admin.token,
      query: { email: a.manager.email.toUpperCase() },
    });
    expect(check.body).toEqual({ exists: true, inCompany: false });
    const employeeInB = await link(b, a.manager.email, 'admin');
    expect(employeeInB).toMatchObject({
      name: 'Gestora Ana',
      email: a.manager.email,
      role: 'admin',
      company: b.companyId,
    });
    expect(employeeInB._id).not.toBe(a.manager.id);
    const after = await callRoute(employeesHandler, checkEmployeeEmail, {
      token: b.admin.token,
      query: { email: a.manager.email },
    });
    expect(after.body).toEqual({ exists: true, inCompany: true });

    // The last company used (A, where the tenant signed in) is where the session opens by default.
    const login = await signIn(a.manager.email);
    expect(login.status).toBe(200);
    const inA = login.body as TokenAnswer;
    expect(inA.employee).toMatchObject({ _id: a.manager.id, company: a.companyId, role: 'manager' });
    expect((await companiesOf(inA.accessToken)).map((company) => company._id).sort()).toEqual(
      [a.companyId, b.companyId].sort(),
    );

    const switched = await switchTo(inA.accessToken, b.companyId);
    expect(switched.status).toBe(200);
    const inB = switched.body as TokenAnswer;
    expect(inB.employee).toMatchObject({ _id: employeeInB._id, company: b.companyId, role: 'admin' });
    // The old session ended with the switch; its refresh token no longer rotates either.
    expect((await callRoute(handler, listAccountCompanies, { token: inA.accessToken })).status).toBe(401);
    const oldRefresh = await callRoute(handler, refreshToken, {
      body: { grant_type: 'refresh_token', refresh_token: inA.refreshToken },
    });
    expect(oldRefresh.status).toBe(401);

    // As B's admin, nothing of A is reachable.
    const list = await callRoute(employeesHandler, listEmployees, { token: inB.accessToken });
    const items = (list.body as { items: { company: string }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.company === b.companyId)).toBe(true);
    const aEmployee = await callRoute(employeesHandler, getEmployee, {
      token: inB.accessToken,
      params: { id: a.manager.id },
    });
    expect(aEmployee.status).toBe(404);
    const aMount = await callRoute(accountHandler, getMountApp, {
      token: inB.accessToken,
      params: { employeeId: a.admin.id },
    });
    expect(aMount.status).toBe(403);

    // The next sign-in opens in B (used last); asking for A opens A.
    expect(((await signIn(a.manager.email)).body as TokenAnswer).employee.company).toBe(b.companyId);
    expect(
      ((await signIn(a.manager.email, TEST_PASSWORD, a.companyId)).body as TokenAnswer).employee._id,
    ).toBe(a.manager.id);
  });

  it('refuses a password sent for an existing account, a second link and a company that is not the account’s', async () => {
    const c = await createTenant();
    const withPassword = await callRoute(employeesHandler, createEmployee, {
      token: c.admin.token,
      body: { email: a.operator.email, role: 'operator', password: 'outra-senha-1' },
    });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body).toMatchObject({ field: 'password' });
    await link(c, a.operator.email);
    const again = await callRoute(employeesHandler, createEmployee, {
      token: c.admin.token,
      body: { email: a.operator.email, role: 'operator' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: ptBR.admin.emailInUseHere });

    const token = ((await signIn(a.operator.email)).body as TokenAnswer).accessToken;
    const stranger = await switchTo(token, b.companyId);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ message: ptBR.accounts.notMember });
    const signInStranger = await signIn(a.operator.email, TEST_PASSWORD, b.companyId);
    expect(signInStranger.status).toBe(403);
  });

  it('deactivation in one company leaves the other untouched', async () => {
    const c = await createTenant();
    const d = await createTenant();
    const email = c.operator.email;
    const linked = await link(d, email);
    const deactivated = await callRoute(employeesHandler, updateEmployee, {
      token: d.admin.token,
      params: { id: linked._id },
      body: { inactive: true },
    });
    expect(deactivated.status).toBe(200);
    const session = (await signIn(email)).body as TokenAnswer;
    expect(session.employee.company).toBe(c.companyId);
    expect((await companiesOf(session.accessToken)).map((company) => company._id)).toEqual([c.companyId]);
    const refused = await switchTo(session.accessToken, d.companyId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: ptBR.accounts.inactiveThere });
    expect((await signIn(email, TEST_PASSWORD, d.companyId)).status).toBe(401);
    expect((await readEmployee(c.companyId, c.operator.id))?.inactive).toBe(false);
    // Still fine in C: the session works.
    expect((await callRoute(handler, listAccountCompanies, { token: session.accessToken })).status).toBe(200);
  });

  it("applies the plan's max_included_users to an invitation", async () => {
    const c = await createTenant();
    await setCompany(c.companyId, { max_included_users: 3 });
    const full = await callRoute(employeesHandler, createEmployee, {
      token: c.admin.token,
      body: { email: b.manager.email, role: 'operator' },
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'employee_limit' });
    const check = await callRoute(employeesHandler, checkEmployeeEmail, {
      token: c.admin.token,
      query: { email: b.manager.email },
    });
    expect(check.body).toEqual({ exists: true, inCompany: false });
  });

  it('a password change in one company is the password of both, and ends the sessions of both', async () => {
    const c = await createTenant();
    const d = await createTenant();
    const email = c.manager.email;
    const linked = await link(d, email);
    expect(linked.firstLogin).toBe(true);
    const inC = (await signIn(email, TEST_PASSWORD, c.companyId)).body as TokenAnswer;
    const inD = (await signIn(email, TEST_PASSWORD, d.companyId)).body as TokenAnswer;
    const changed = await callRoute(handler, changePassword, {
      token: inD.accessToken,
      body: { current_password: TEST_PASSWORD, new_password: 'nova-senha-456' },
    });
    expect(changed.status).toBe(204);
    expect((await signIn(email)).status).toBe(401);
    const again = await signIn(email, 'nova-senha-456', c.companyId);
    expect(again.status).toBe(200);
    expect((again.body as TokenAnswer).employee.firstLogin).toBe(false);
    expect((await readEmployee(d.companyId, linked._id))?.firstLogin).toBe(false);
    expect((await callRoute(handler, listAccountCompanies, { token: inC.accessToken })).status).toBe(401);
    expect((await callRoute(handler, listAccountCompanies, { token: inD.accessToken })).status).toBe(200);
  });

  it('a name and e-mail change by the person themself is seen in every company', async () => {
    const c = await createTenant();
    const d = await createTenant();
    const linked = await link(d, c.admin.email);
    const newEmail = uniqueEmail('renomeada');
    const own = await callRoute(employeesHandler, updateEmployee, {
      token: c.admin.token,
      params: { id: c.admin.id },
      body: { name: 'Nome Novo', email: newEmail },
    });
    expect(own.status).toBe(200);
    expect(await readEmployee(d.companyId, linked._id)).toMatchObject({ name: 'Nome Novo', email: newEmail });
    const search = await callRoute(employeesHandler, listEmployees, {
      token: d.admin.token,
      query: { search: 'nome novo' },
    });
    expect((search.body as { items: { _id: string }[] }).items.map((item) => item._id)).toEqual([linked._id]);
    expect((await signIn(c.admin.email)).status).toBe(401);
    const session = (await signIn(newEmail)).body as TokenAnswer;
    expect((await companiesOf(session.accessToken)).map((company) => company._id).sort()).toEqual(
      [c.companyId, d.companyId].sort(),
    );
    const switched = await switchTo(session.accessToken, d.companyId);
    expect((switched.body as TokenAnswer).employee).toMatchObject({ _id: linked._id, email: newEmail });
  });
});

describe('account enumeration', () => {
  it('rate-limits e-mail checks per admin', async () => {
    const tenant = await createTenant();
    const check = (email: string, token = tenant.admin.token) =>
      callRoute(employeesHandler, checkEmployeeEmail, { token, query: { email } });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await check(uniqueEmail('sonda'))).status).toBe(200);
    }
    const refused = await check(uniqueEmail('sonda'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createTenant();
    expect((await check(uniqueEmail('sonda'), other.admin.token)).status).toBe(200);
  });
});
