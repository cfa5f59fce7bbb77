import { PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { newEmployee } from '../account/defaults.ts';
import { createTenant, type Tenant, TEST_PASSWORD, uniqueEmail } from '../company/test-tenant.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { employeeSearchAttributes, keys } from './keys.ts';
import { hashPassword } from './password.ts';
import { callRoute } from './test-gateway.ts';

let c: Tenant;
let d: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
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
    ...keys.employee(companyId, employee._id),
    gsi1pk: keys.employeesIndex(companyId),
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

describe('accounts stored before accounts spanned companies', () => {
  it('sign in, join a second company and move their password to the account on the first change', async () => {
    const legacy = await legacyEmployee(c.companyId);
    const first = await signIn(legacy.email);
    expect(first.status).toBe(200);
    expect((first.body as { employee: { _id: string } }).employee._id).toBe(legacy._id);

    const linked = await callRoute(employeesHandler, createEmployee, {
      token: d.admin.token,
      body: { email: legacy.email, role: 'manager' },
    });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ name: 'Pessoa Antiga', firstLogin: true, company: d.companyId });

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
});
