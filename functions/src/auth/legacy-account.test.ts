import { PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { acceptInvitation, leaveCompany } from '@atende/shared/contracts/auth/invitations';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { newEmployee } from '../account/defaults.ts';
import { createTenant, type Tenant, TEST_PASSWORD, uniqueEmail } from '../company/test-tenant.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { setAccountMailer } from './account-mail.ts';
import { handler } from './handler.ts';
import { employeeEntity, employeeSearchAttributes } from './entities.ts';
import { keys } from './keys.ts';
import { hashPassword } from './password.ts';
import { callRoute } from './test-gateway.ts';

let c: Tenant;
let d: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  setAccountMailer(async () => undefined);
  await useTestTables();
  [c, d] = await Promise.all([createTenant(), createTenant()]);
});

const put = (Item: Record<string, unknown>) =>
  clients().document.send(new PutCommand({ TableName: config().mainTable, Item }));

/** An employee as stored before accounts spanned companies: e-mail claim with ids, hash in CREDENTIAL. */
async function legacyEmployee(companyId: string) {
  const employee = newEmployee({
    id: newObjectId(),
    companyId,
    name: 'Pessoa Antiga',
    email: uniqueEmail('legado'),
    role: 'operator',
    isRoot: false,
    passwordSetByAdmin: true,
    now: new Date(),
  });
  await put({ ...keys.email(employee.email), companyId, employeeId: employee._id });
  await put({
    ...employeeEntity.key(companyId, employee._id),
    gsi1pk: employeeEntity.partition('all', companyId),
    gsi1sk: employee._id,
    ...employeeSearchAttributes(employee),
    entity: 'employee',
    ...employee,
  });
  await put({
    ...keys.credential(companyId, employee._id),
    entity: 'credential',
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  return employee;
}

const signIn = (email: string, password = TEST_PASSWORD, company?: string) =>
  callRoute(handler, createToken, { body: { email, password, ...(company ? { company } : {}) } });

/** D's admin invites the e-mail and the person (signed in with `token`) accepts. */
async function join(tenant: Tenant, email: string, token: string) {
  const invited = await callRoute(employeesHandler, createEmployee, {
    token: tenant.admin.token,
    body: { email, role: 'manager' },
  });
  expect(invited.status).toBe(201);
  const accepted = await callRoute(handler, acceptInvitation, {
    token,
    params: { companyId: tenant.companyId },
  });
  expect(accepted.status).toBe(200);
}

describe('accounts stored before accounts spanned companies', () => {
  it('sign in, join a second company and move their password to the account on the first change', async () => {
    const legacy = await legacyEmployee(c.companyId);
    const first = await signIn(legacy.email);
    expect(first.status).toBe(200);
    expect((first.body as { employee: { _id: string } }).employee._id).toBe(legacy._id);

    await join(d, legacy.email, (first.body as { accessToken: string }).accessToken);
    const inDEmployee = (await signIn(legacy.email, TEST_PASSWORD, d.companyId)).body as {
      employee: Record<string, unknown>;
    };
    expect(inDEmployee.employee).toMatchObject({
      name: 'Pessoa Antiga',
      firstLogin: true,
      company: d.companyId,
    });

    const inD = (await signIn(legacy.email, TEST_PASSWORD, d.companyId)).body as { accessToken: string };
    const companies = await callRoute(handler, listAccountCompanies, { token: inD.accessToken });
    expect((companies.body as { _id: string }[]).map((company) => company._id).sort()).toEqual(
      [c.companyId, d.companyId].sort(),
    );

    const changed = await callRoute(handler, changePassword, {
      token: inD.accessToken,
      body: { current_password: TEST_PASSWORD, new_password: 'senha-migrada-1' },
    });
    expect(changed.status).toBe(204);
    const credential = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: keys.credential(c.companyId, legacy._id) }),
    );
    expect(credential.Item).toBeUndefined();
    expect((await signIn(legacy.email)).status).toBe(401);
    expect((await signIn(legacy.email, 'senha-migrada-1', c.companyId)).status).toBe(200);
    expect((await signIn(legacy.email, 'senha-migrada-1', d.companyId)).status).toBe(200);
  });

  it('leaving the home company moves the password from its CREDENTIAL item into the account', async () => {
    const legacy = await legacyEmployee(c.companyId);
    const inC = (await signIn(legacy.email)).body as { accessToken: string };
    await join(d, legacy.email, inC.accessToken);
    const inD = (await signIn(legacy.email, TEST_PASSWORD, d.companyId)).body as { accessToken: string };
    const left = await callRoute(handler, leaveCompany, {
      token: inD.accessToken,
      params: { companyId: c.companyId },
    });
    expect(left.status).toBe(204);
    const credential = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: keys.credential(c.companyId, legacy._id) }),
    );
    expect(credential.Item).toBeUndefined();
    const again = await signIn(legacy.email);
    expect(again.status).toBe(200);
    expect((again.body as { employee: { company: string } }).employee.company).toBe(d.companyId);
  });
});
