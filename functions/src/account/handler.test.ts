import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forceLogoutForDisabledCompanies } from '@atende/shared/contracts/account/force-logout';
import { getFeatures } from '@atende/shared/contracts/account/get-features';
import { getModalNotifications } from '@atende/shared/contracts/account/get-modal-notifications';
import { getMountApp } from '@atende/shared/contracts/account/get-mount-app';
import { getPermissions } from '@atende/shared/contracts/account/get-permissions';
import { getRollouts } from '@atende/shared/contracts/account/get-rollouts';
import { identifyUserForBrowserAndClearSession } from '@atende/shared/contracts/account/identify-browser-session';
import { putCompanyTrialExpired } from '@atende/shared/contracts/account/put-company-trial-expired';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { refreshToken } from '@atende/shared/contracts/auth/refresh-token';
import { PLAN_ACCESS_ROLLOUT } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as authHandler } from '../auth/handler.ts';
import { employeeEntity } from '../auth/entities.ts';
import { keys } from '../auth/keys.ts';
import { hashPassword } from '../auth/password.ts';
import { listEmployeeSessions } from '../auth/session-store.ts';
import { employeeItems, writeAtomically } from '../auth/store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { confirmedSignUp } from '../auth/test-sign-up.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { newEmployee } from './defaults.ts';
import { handler } from './handler.ts';
import { putModalNotification } from './store.ts';

const PASSWORD = 'senha-forte-123';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${(sequence += 1)}@conta.test`;

interface Tenant {
  companyId: string;
  adminId: string;
  adminEmail: string;
  operatorId: string;
  operatorEmail: string;
}

async function login(email: string) {
  const response = await callRoute(authHandler, createToken, { body: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  return response.body as { accessToken: string; refreshToken: string };
}

async function tenant(): Promise<Tenant> {
  const adminEmail = uniqueEmail('admin');
  const signedUp = await confirmedSignUp({
    account_type: 'professional',
    company_name: 'Empresa',
    name: 'Admin',
    email: adminEmail,
    password: PASSWORD,
  });
  const company = { _id: signedUp.employee.company };
  const employee = signedUp.employee;
  const operatorEmail = uniqueEmail('operador');
  const operator = newEmployee({
    id: newObjectId(),
    companyId: company._id,
    name: 'Operador',
    email: operatorEmail,
    role: 'operator',
    isRoot: false,
    passwordSetByAdmin: true,
    now: new Date(),
  });
  await writeAtomically(employeeItems(operator, await hashPassword(PASSWORD)));
  return {
    companyId: company._id,
    adminId: employee._id,
    adminEmail,
    operatorId: operator._id,
    operatorEmail,
  };
}

async function updateCompany(companyId: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: keys.company(companyId),
      UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
    }),
  );
}

async function storedCompany(companyId: string) {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.company(companyId) }),
  );
  return Item as Record<string, unknown>;
}

const refresh = (token: string) =>
  callRoute(authHandler, refreshToken, { body: { grant_type: 'refresh_token', refresh_token: token } });

let a: Tenant;
let b: Tenant;
let aAdmin: { accessToken: string; refreshToken: string };
let aOperator: { accessToken: string; refreshToken: string };

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([tenant(), tenant()]);
  [aAdmin, aOperator] = await Promise.all([login(a.adminEmail), login(a.operatorEmail)]);
});

describe('GET /api/get-compnay-mount-app/{employeeId}', () => {
  it('answers the employee with its company populated and the inactive flag', async () => {
    const response = await callRoute(handler, getMountApp, {
      token: aOperator.accessToken,
      params: { employeeId: a.operatorId },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: a.operatorId,
      role: 'operator',
      inactive: false,
      company: { _id: a.companyId, account_type: 'professional' },
    });
  });

  it("refuses another company's employee and, for a non-admin, a colleague", async () => {
    const other = await callRoute(handler, getMountApp, {
      token: aAdmin.accessToken,
      params: { employeeId: b.adminId },
    });
    expect(other.status).toBe(403);
    const colleague = await callRoute(handler, getMountApp, {
      token: aOperator.accessToken,
      params: { employeeId: a.adminId },
    });
    expect(colleague.status).toBe(403);
    const byAdmin = await callRoute(handler, getMountApp, {
      token: aAdmin.accessToken,
      params: { employeeId: a.operatorId },
    });
    expect(byAdmin.status).toBe(200);
  });
});

describe('GET /api/rollouts/{companyId} and /api/features/{companyId}', () => {
  it('answers the stored rollouts, and plan features only under the plan-access rollout', async () => {
    await updateCompany(a.companyId, { rollouts: [], plan_features: ['webhooks', 'smart-tags'] });
    const off = await callRoute(handler, getFeatures, {
      token: aAdmin.accessToken,
      params: { companyId: a.companyId },
    });
    expect(off.body).toEqual([]);
    await updateCompany(a.companyId, { rollouts: [PLAN_ACCESS_ROLLOUT] });
    const rollouts = await callRoute(handler, getRollouts, {
      token: aOperator.accessToken,
      params: { companyId: a.companyId },
    });
    expect(rollouts.body).toEqual([PLAN_ACCESS_ROLLOUT]);
    const on = await callRoute(handler, getFeatures, {
      token: aAdmin.accessToken,
      params: { companyId: a.companyId },
    });
    expect(on.body).toEqual(['webhooks', 'smart-tags']);
  });

  it('refuses another company with 403', async () => {
    for (const contract of [getRollouts, getFeatures]) {
      const response = await callRoute(handler, contract, {
        token: aAdmin.accessToken,
        params: { companyId: b.companyId },
      });
      expect(response.status).toBe(403);
    }
  });
});

describe('GET /api/permissions', () => {
  it("answers the caller's company flags and role, never another company's", async () => {
    await updateCompany(b.companyId, { permissions: { allow_spies: true } });
    const response = await callRoute(handler, getPermissions, { token: aOperator.accessToken });
    expect(response.status).toBe(200);
    const body = response.body as { role: string; permissions: Record<string, boolean> };
    expect(body.role).toBe('operator');
    expect(body.permissions.allow_spies).toBe(false);
    expect(body.permissions.manage_integration).toBe(false);
  });
});

describe('GET /api/modal-notifications/{companyId}/{accountType}', () => {
  it('answers the notifications stored for the plan and role, plus those for every role', async () => {
    const forOperators = {
      _id: newObjectId(),
      title: 'Novidade',
      message: 'Operadores',
      type: 'info',
      duration: 2000,
      permanent: false,
    };
    const forAll = {
      _id: newObjectId(),
      title: 'Aviso',
      message: 'Todos',
      type: 'info',
      duration: 2000,
      permanent: true,
    };
    await putModalNotification(a.companyId, 'professional', 'operator', forOperators);
    await putModalNotification(a.companyId, 'professional', 'all', forAll);
    await putModalNotification(b.companyId, 'professional', 'operator', {
      ...forOperators,
      _id: newObjectId(),
    });
    const response = await callRoute(handler, getModalNotifications, {
      token: aOperator.accessToken,
      params: { companyId: a.companyId, accountType: 'professional' },
      query: { role: 'operator' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([forOperators, forAll]);
    const admin = await callRoute(handler, getModalNotifications, {
      token: aAdmin.accessToken,
      params: { companyId: a.companyId, accountType: 'professional' },
    });
    expect(admin.body).toEqual([forAll]);
  });

  it("refuses another company and another role's list for a non-admin", async () => {
    const other = await callRoute(handler, getModalNotifications, {
      token: aAdmin.accessToken,
      params: { companyId: b.companyId, accountType: 'professional' },
    });
    expect(other.status).toBe(403);
    const role = await callRoute(handler, getModalNotifications, {
      token: aOperator.accessToken,
      params: { companyId: a.companyId, accountType: 'professional' },
      query: { role: 'admin' },
    });
    expect(role.status).toBe(403);
  });
});

describe('PUT /api/company-trial-expired/{companyId}/{employeeId}', () => {
  const integration = { 'integration-1': { label: 'Vendas', phone: '5585999990000', access_token: 'tok' } };

  it('leaves a trial that is still running untouched', async () => {
    await updateCompany(a.companyId, { whatsapps: integration });
    const response = await callRoute(handler, putCompanyTrialExpired, {
      token: aAdmin.accessToken,
      params: { companyId: a.companyId, employeeId: a.adminId },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      expired: false,
      company: { data_trial: { status: 'active' }, whatsapps: integration },
    });
  });

  it('expires a trial past its due date and drops its WhatsApp integrations', async () => {
    await updateCompany(a.companyId, {
      dueDate: new Date(Date.now() - 1000).toISOString(),
      whatsapps: integration,
      official_whatsapps: integration,
    });
    const response = await callRoute(handler, putCompanyTrialExpired, {
      token: aOperator.accessToken,
      params: { companyId: a.companyId, employeeId: a.operatorId },
    });
    expect(response.body).toMatchObject({
      expired: true,
      company: { data_trial: { status: 'expired' }, whatsapps: {}, official_whatsapps: {} },
    });
  });

  it("refuses another company or another company's employee with 403 and changes nothing", async () => {
    await updateCompany(b.companyId, {
      dueDate: new Date(Date.now() - 1000).toISOString(),
      whatsapps: integration,
    });
    const otherCompany = await callRoute(handler, putCompanyTrialExpired, {
      token: aAdmin.accessToken,
      params: { companyId: b.companyId, employeeId: b.adminId },
    });
    const otherEmployee = await callRoute(handler, putCompanyTrialExpired, {
      token: aAdmin.accessToken,
      params: { companyId: a.companyId, employeeId: b.adminId },
    });
    expect(otherCompany.status).toBe(403);
    expect(otherEmployee.status).toBe(403);
    const company = await storedCompany(b.companyId);
    expect(company.data_trial).toEqual({ status: 'active' });
    expect(company.whatsapps).toEqual(integration);
  });
});

describe('POST /api/identify-user-for-browser-and-clear-session', () => {
  it("signs the employee's other sessions out and keeps the caller's", async () => {
    const older = await login(a.adminEmail);
    const newer = await login(a.adminEmail);
    const response = await callRoute(handler, identifyUserForBrowserAndClearSession, {
      token: newer.accessToken,
      body: { id_session_user: 'browser-new', employee: a.adminId },
    });
    expect(response.status).toBe(200);
    expect((response.body as { closedSessions: number }).closedSessions).toBeGreaterThanOrEqual(1);
    expect((await callRoute(handler, getPermissions, { token: older.accessToken })).status).toBe(401);
    expect((await refresh(older.refreshToken)).status).toBe(401);
    expect((await callRoute(handler, getPermissions, { token: newer.accessToken })).status).toBe(200);
    aAdmin = newer;
  });

  it('refuses another employee, of this or another company, with 403 and closes nothing', async () => {
    const bSession = await login(b.adminEmail);
    for (const employee of [b.adminId, a.operatorId]) {
      const response = await callRoute(handler, identifyUserForBrowserAndClearSession, {
        token: aAdmin.accessToken,
        body: { id_session_user: 'browser-x', employee },
      });
      expect(response.status).toBe(403);
    }
    expect((await callRoute(handler, getPermissions, { token: bSession.accessToken })).status).toBe(200);
    expect((await callRoute(handler, getPermissions, { token: aOperator.accessToken })).status).toBe(200);
  });
});

describe('POST /api/force-logout-for-disabled-companies', () => {
  it('signs out a browser session whose employee became inactive, and no active one', async () => {
    const c = await tenant();
    const admin = await login(c.adminEmail);
    const operator = await login(c.operatorEmail);
    await callRoute(handler, identifyUserForBrowserAndClearSession, {
      token: operator.accessToken,
      body: { id_session_user: 'browser-op', employee: c.operatorId },
    });
    const active = await callRoute(handler, forceLogoutForDisabledCompanies, {
      token: admin.accessToken,
      body: { id_session_user: 'browser-op' },
    });
    expect(active.body).toEqual({ loggedOut: false });
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: employeeEntity.key(c.companyId, c.operatorId),
        UpdateExpression: 'SET inactive = :true',
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    const forced = await callRoute(handler, forceLogoutForDisabledCompanies, {
      token: admin.accessToken,
      body: { id_session_user: 'browser-op' },
    });
    expect(forced.body).toEqual({ loggedOut: true });
    expect((await callRoute(handler, getPermissions, { token: operator.accessToken })).status).toBe(401);
  });

  it("refuses another company's browser session with 403 and leaves it signed in", async () => {
    const d = await tenant();
    const operator = await login(d.operatorEmail);
    await callRoute(handler, identifyUserForBrowserAndClearSession, {
      token: operator.accessToken,
      body: { id_session_user: 'browser-of-d', employee: d.operatorId },
    });
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: employeeEntity.key(d.companyId, d.operatorId),
        UpdateExpression: 'SET inactive = :true',
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    const response = await callRoute(handler, forceLogoutForDisabledCompanies, {
      token: aAdmin.accessToken,
      body: { id_session_user: 'browser-of-d' },
    });
    expect(response.status).toBe(403);
    const sessions = await listEmployeeSessions(d.companyId, d.operatorId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.revoked).toBe(false);
  });
});
