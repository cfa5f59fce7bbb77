import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import type { Role } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { newEmployee } from '../account/defaults.ts';
import { handler as authHandler } from '../auth/handler.ts';
import { keys } from '../auth/keys.ts';
import { hashPassword } from '../auth/password.ts';
import { employeeItems, writeAtomically } from '../auth/store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { confirmedSignUp } from '../auth/test-sign-up.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { forgetCompanyItem } from './store.ts';

/**
 * Test support for the administration API: a trial company registered through the real sign-up and confirmation routes, with
 * a manager and an operator, and access tokens for each from the real sign-in route.
 */
export const TEST_PASSWORD = 'senha-forte-123';

let sequence = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${(sequence += 1)}@admin.test`;

export interface Member {
  id: string;
  email: string;
  token: string;
}

export interface Tenant {
  companyId: string;
  admin: Member;
  manager: Member;
  operator: Member;
}

export async function login(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await callRoute(authHandler, createToken, { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return (response.body as { accessToken: string }).accessToken;
}

async function addMember(companyId: string, role: Role): Promise<Omit<Member, 'token'>> {
  const employee = newEmployee({
    id: newObjectId(),
    companyId,
    name: role === 'manager' ? 'Gestora Ana' : 'Operador Bruno',
    email: uniqueEmail(role),
    role,
    isRoot: false,
    passwordSetByAdmin: true,
    now: new Date(),
  });
  await writeAtomically(employeeItems(employee, await hashPassword(TEST_PASSWORD)));
  return { id: employee._id, email: employee.email };
}

export async function createTenant(): Promise<Tenant> {
  const adminEmail = uniqueEmail('admin');
  const signedUp = await confirmedSignUp({
    account_type: 'professional',
    company_name: 'Empresa Teste',
    name: 'Admin Teste',
    email: adminEmail,
    password: TEST_PASSWORD,
  });
  const company = { _id: signedUp.employee.company };
  const employee = signedUp.employee;
  const [manager, operator] = await Promise.all([
    addMember(company._id, 'manager'),
    addMember(company._id, 'operator'),
  ]);
  const [adminToken, managerToken, operatorToken] = await Promise.all([
    login(adminEmail),
    login(manager.email),
    login(operator.email),
  ]);
  return {
    companyId: company._id,
    admin: { id: employee._id, email: adminEmail, token: adminToken },
    manager: { ...manager, token: managerToken },
    operator: { ...operator, token: operatorToken },
  };
}

/** Sets company attributes directly, as billing or support would. */
export async function setCompany(companyId: string, values: Record<string, unknown>): Promise<void> {
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
  // Like every writer of the company item, so the message paths' cached read sees the change.
  forgetCompanyItem(companyId);
}
