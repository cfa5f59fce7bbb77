import { createToken } from '@atende/shared/contracts/auth/create-token';
import {
  acceptInvitation,
  declineInvitation,
  leaveCompany,
  listInvitations,
  type PendingInvitation,
} from '@atende/shared/contracts/auth/invitations';
import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { switchCompany } from '@atende/shared/contracts/auth/switch-company';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import {
  cancelCompanyInvitation,
  type CompanyInvitationView,
  listCompanyInvitations,
} from '@atende/shared/contracts/employees/invitations';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getEmployee as readEmployee } from '../account/store.ts';
import { createTenant, type Tenant, TEST_PASSWORD } from '../company/test-tenant.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { type AccountMail, setAccountMailer } from './account-mail.ts';
import { readAccount } from './accounts.ts';
import { handler } from './handler.ts';
import * as invitations from './invitations.ts';
import { employeeEntity } from './entities.ts';
import { callRoute } from './test-gateway.ts';

interface Session {
  accessToken: string;
  employee: { _id: string; company: string };
}

const mails: AccountMail[] = [];
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  setAccountMailer(async (mail) => {
    mails.push(mail);
  });
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterAll(() => setAccountMailer());
beforeEach(() => {
  mails.length = 0;
});

const signIn = async (email: string, company?: string) => {
  const response = await callRoute(handler, createToken, {
    body: { email, password: TEST_PASSWORD, ...(company ? { company } : {}) },
  });
  expect(response.status).toBe(200);
  return response.body as Session;
};

const invite = (tenant: Tenant, email: string, role: 'admin' | 'manager' | 'operator' = 'operator') =>
  callRoute(employeesHandler, createEmployee, { token: tenant.admin.token, body: { email, role } });

const pending = async (token: string) =>
  (await callRoute(handler, listInvitations, { token })).body as PendingInvitation[];

const companiesOf = async (token: string) =>
  ((await callRoute(handler, listAccountCompanies, { token })).body as { _id: string }[])
    .map((company) => company._id)
    .sort();

const membershipIn = async (email: string, companyId: string) =>
  (await readAccount(email))?.memberships.find((member) => member.companyId === companyId);

describe('adding an existing account is an invitation', () => {
  it("does not give B's admin A's operator, nor tell anything about them, until they accept", async () => {
    const invited = await invite(b, a.operator.email.toUpperCase(), 'manager');
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({ invited: true, email: a.operator.email });
    // The old behaviour linked the account at once: B's list showed the person and the account listed B.
    expect(await membershipIn(a.operator.email, b.companyId)).toBeUndefined();
    const list = await callRoute(employeesHandler, listEmployees, {
      token: b.admin.token,
      query: { search: a.operator.email },
    });
    expect((list.body as { items: unknown[] }).items).toEqual([]);

    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(a.operator.email);
    expect(mails[0]?.text).toContain('Gestor');

    const session = await signIn(a.operator.email);
    expect(await companiesOf(session.accessToken)).toEqual([a.companyId]);
    const offers = await pending(session.accessToken);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ company: { _id: b.companyId }, role: 'manager' });

    const accepted = await callRoute(handler, acceptInvitation, {
      token: session.accessToken,
      params: { companyId: b.companyId },
    });
    expect(accepted.status).toBe(200);
    expect((accepted.body as { _id: string })._id).toBe(b.companyId);
    expect(await companiesOf(session.accessToken)).toEqual([a.companyId, b.companyId].sort());
    expect(await pending(session.accessToken)).toEqual([]);
    const switched = await callRoute(handler, switchCompany, {
      token: session.accessToken,
      body: { company: b.companyId },
    });
    expect(switched.status).toBe(200);
    expect((switched.body as Session).employee).toMatchObject({ company: b.companyId });
    // Used once: accepting again finds nothing.
    const again = await callRoute(handler, acceptInvitation, {
      token: (switched.body as Session).accessToken,
      params: { companyId: b.companyId },
    });
    expect(again.status).toBe(404);
  });

  it('a declined invitation is gone and cannot be accepted', async () => {
    const c = await createTenant();
    expect((await invite(c, a.manager.email)).status).toBe(201);
    const session = await signIn(a.manager.email);
    const declined = await callRoute(handler, declineInvitation, {
      token: session.accessToken,
      params: { companyId: c.companyId },
    });
    expect(declined.status).toBe(204);
    const accepted = await callRoute(handler, acceptInvitation, {
      token: session.accessToken,
      params: { companyId: c.companyId },
    });
    expect(accepted.status).toBe(404);
    expect(accepted.body).toMatchObject({ message: ptBR.accounts.invitationGone });
    expect(await membershipIn(a.manager.email, c.companyId)).toBeUndefined();
  });

  it('expires after 7 days', async () => {
    const c = await createTenant();
    expect((await invite(c, b.operator.email)).status).toBe(201);
    const session = await signIn(b.operator.email);
    const auth = {
      companyId: b.companyId,
      employeeId: b.operator.id,
      role: 'operator' as const,
      sessionId: 'unused',
    };
    const inSixDays = new Date(Date.now() + 6 * 86_400_000);
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await invitations.listInvitations(auth, inSixDays)).toHaveLength(1);
    expect(await invitations.listInvitations(auth, inEightDays)).toEqual([]);
    await expect(invitations.acceptInvitation(auth, c.companyId, inEightDays)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await pending(session.accessToken)).toHaveLength(1);
  });

  it("nobody else sees or answers someone's invitation", async () => {
    const c = await createTenant();
    expect((await invite(c, b.manager.email)).status).toBe(201);
    // A's admin (another account) was not invited: nothing listed, accept and decline find nothing.
    expect(await pending(a.admin.token)).toEqual([]);
    for (const contract of [acceptInvitation, declineInvitation] as const) {
      const response = await callRoute(handler, contract, {
        token: a.admin.token,
        params: { companyId: c.companyId },
      });
      expect(response.status).toBe(404);
    }
    expect(await membershipIn(a.admin.email, c.companyId)).toBeUndefined();
    const session = await signIn(b.manager.email);
    expect(await pending(session.accessToken)).toHaveLength(1);
  });

  it('only admins invite', async () => {
    for (const member of [b.manager, b.operator]) {
      const response = await callRoute(employeesHandler, createEmployee, {
        token: member.token,
        body: { email: a.admin.email, role: 'operator' },
      });
      expect(response.status).toBe(403);
    }
    expect(mails).toEqual([]);
  });
});

describe("the company's pending invitations", () => {
  const invitationsOf = async (tenant: Tenant) =>
    (
      (await callRoute(employeesHandler, listCompanyInvitations, { token: tenant.admin.token })).body as {
        items: CompanyInvitationView[];
      }
    ).items;

  it('lists what the admin typed, and cancelling withdraws it from the person for good', async () => {
    expect((await invite(b, a.manager.email, 'operator')).status).toBe(201);
    const listed = await invitationsOf(b);
    const mine = listed.find((item) => item.email === a.manager.email);
    expect(mine).toMatchObject({ role: 'operator', invited_by: b.admin.id, departments: [] });
    // Nothing about the invited account (its name, its other companies) is in the answer.
    expect(Object.keys(mine ?? {}).sort()).toEqual(
      ['created_at', 'departments', 'email', 'expires_at', 'invited_by', 'role'].sort(),
    );
    expect(await invitationsOf(a)).not.toContainEqual(expect.objectContaining({ email: a.manager.email }));

    // Another company's admin cannot withdraw it; managers and operators cannot see or cancel any.
    const path = { email: a.manager.email.toUpperCase() };
    expect(
      (await callRoute(employeesHandler, cancelCompanyInvitation, { token: a.admin.token, params: path }))
        .status,
    ).toBe(404);
    for (const token of [b.manager.token, b.operator.token]) {
      expect((await callRoute(employeesHandler, listCompanyInvitations, { token })).status).toBe(403);
      expect(
        (await callRoute(employeesHandler, cancelCompanyInvitation, { token, params: path })).status,
      ).toBe(403);
    }

    const session = await signIn(a.manager.email);
    expect(await pending(session.accessToken)).toContainEqual(
      expect.objectContaining({ company: expect.objectContaining({ _id: b.companyId }) }),
    );
    const cancelled = await callRoute(employeesHandler, cancelCompanyInvitation, {
      token: b.admin.token,
      params: path,
    });
    expect(cancelled.status).toBe(204);
    expect(await invitationsOf(b)).not.toContainEqual(expect.objectContaining({ email: a.manager.email }));
    expect(await pending(session.accessToken)).not.toContainEqual(
      expect.objectContaining({ company: expect.objectContaining({ _id: b.companyId }) }),
    );
    const accept = await callRoute(handler, acceptInvitation, {
      token: session.accessToken,
      params: { companyId: b.companyId },
    });
    expect(accept.status).toBe(404);
    expect(await membershipIn(a.manager.email, b.companyId)).toBeUndefined();
    const again = await callRoute(employeesHandler, cancelCompanyInvitation, {
      token: b.admin.token,
      params: path,
    });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: ptBR.admin.invitationNotFound });
  });
});

describe('leaving a company', () => {
  it('leaves another company: the employee there is deactivated, the membership and sessions end', async () => {
    const c = await createTenant();
    const d = await createTenant();
    const email = c.operator.email;
    await invite(d, email);
    const inC = await signIn(email);
    await callRoute(handler, acceptInvitation, {
      token: inC.accessToken,
      params: { companyId: d.companyId },
    });
    const inD = await signIn(email, d.companyId);
    const employeeInD = inD.employee._id;

    const current = await callRoute(handler, leaveCompany, {
      token: inD.accessToken,
      params: { companyId: d.companyId },
    });
    expect(current.status).toBe(409);
    expect(current.body).toMatchObject({ message: ptBR.accounts.leaveCurrentCompany });

    // Leaving C, the account's home: it is re-homed to D and still signs in.
    const left = await callRoute(handler, leaveCompany, {
      token: inD.accessToken,
      params: { companyId: c.companyId },
    });
    expect(left.status).toBe(204);
    expect(await companiesOf(inD.accessToken)).toEqual([d.companyId]);
    expect((await readEmployee(c.companyId, c.operator.id))?.inactive).toBe(true);
    expect((await callRoute(handler, listAccountCompanies, { token: inC.accessToken })).status).toBe(401);
    const again = await signIn(email);
    expect(again.employee).toMatchObject({ _id: employeeInD, company: d.companyId });
    expect(
      (
        await callRoute(handler, createToken, {
          body: { email, password: TEST_PASSWORD, company: c.companyId },
        })
      ).status,
    ).toBe(403);

    // C's admin cannot bring the person back by reactivating; only a new invitation does.
    const reactivated = await callRoute(employeesHandler, updateEmployee, {
      token: c.admin.token,
      params: { id: c.operator.id },
      body: { inactive: false },
    });
    expect(reactivated.status).toBe(409);
    expect(reactivated.body).toMatchObject({ message: ptBR.accounts.leftEmployee });
  });

  it("refuses the company's root admin and its only active admin, and a company that is not the account's", async () => {
    const c = await createTenant();
    const d = await createTenant();
    await invite(d, c.admin.email, 'admin');
    const inC = await signIn(c.admin.email);
    await callRoute(handler, acceptInvitation, {
      token: inC.accessToken,
      params: { companyId: d.companyId },
    });
    const inD = await signIn(c.admin.email, d.companyId);
    const root = await callRoute(handler, leaveCompany, {
      token: inD.accessToken,
      params: { companyId: c.companyId },
    });
    expect(root.status).toBe(403);
    expect(root.body).toMatchObject({ message: ptBR.accounts.leaveRootAdmin });

    // A company without an active root (one from before roots, or whose root was deactivated in the data):
    // its one other admin may not leave it.
    const e = await createTenant();
    await invite(e, d.manager.email, 'admin');
    const inDm = await signIn(d.manager.email);
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: employeeEntity.key(e.companyId, e.admin.id),
        UpdateExpression: 'SET is_root = :false, inactive = :true',
        ExpressionAttributeValues: { ':false': false, ':true': true },
      }),
    );
    await callRoute(handler, acceptInvitation, {
      token: inDm.accessToken,
      params: { companyId: e.companyId },
    });
    const onlyAdmin = await callRoute(handler, leaveCompany, {
      token: inDm.accessToken,
      params: { companyId: e.companyId },
    });
    expect(onlyAdmin.status).toBe(409);
    expect(onlyAdmin.body).toMatchObject({ message: ptBR.accounts.leaveOnlyAdmin });
    expect(await membershipIn(d.manager.email, e.companyId)).toBeDefined();

    const stranger = await callRoute(handler, leaveCompany, {
      token: inDm.accessToken,
      params: { companyId: a.companyId },
    });
    expect(stranger.status).toBe(404);
    expect(await membershipIn(a.admin.email, a.companyId)).toBeDefined();
  });
});
