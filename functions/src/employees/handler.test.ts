import { createToken } from '@atende/shared/contracts/auth/create-token';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import { getEmployee } from '@atende/shared/contracts/employees/get-employee';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { getEmployee as readEmployee } from '../account/store.ts';
import { handler as authHandler } from '../auth/handler.ts';
import { listEmployeeSessions } from '../auth/session-store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as departmentsHandler } from '../departments/handler.ts';
import {
  createTenant,
  login,
  setCompany,
  type Tenant,
  TEST_PASSWORD,
  uniqueEmail,
} from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

interface EmployeeBody {
  _id: string;
  name: string;
  email: string;
  role: string;
  firstLogin: boolean;
  inactive: boolean;
  departments: string[];
}

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const create = (token: string, body: Record<string, unknown>) =>
  callRoute(handler, createEmployee, { token, body });

describe('POST /api/employees', () => {
  it('creates an employee in a department who then signs in with the initial password', async () => {
    const department = await callRoute(departmentsHandler, createDepartment, {
      token: a.admin.token,
      body: { name: 'Vendas' },
    });
    const departmentId = (department.body as { _id: string })._id;
    const email = uniqueEmail('novo');
    const response = await create(a.admin.token, {
      name: 'Carla Nunes',
      email: email.toUpperCase(),
      role: 'operator',
      departments: [departmentId],
      password: 'inicial-123',
    });
    expect(response.status).toBe(201);
    const created = response.body as EmployeeBody;
    expect(created).toMatchObject({
      name: 'Carla Nunes',
      email,
      role: 'operator',
      firstLogin: true,
      inactive: false,
    });
    expect(created.departments).toEqual([departmentId]);
    const signIn = await callRoute(authHandler, createToken, { body: { email, password: 'inicial-123' } });
    expect(signIn.status).toBe(200);
    const fetched = await callRoute(handler, getEmployee, {
      token: a.admin.token,
      params: { id: created._id },
    });
    expect(fetched.body).toMatchObject({ _id: created._id, departments: [departmentId] });
  });

  it('answers 400 naming the field, in pt-BR, and creates nothing', async () => {
    const email = uniqueEmail('invalido');
    const missingName = await create(a.admin.token, { email, role: 'operator', password: 'inicial-123' });
    expect(missingName.status).toBe(400);
    expect(missingName.body).toMatchObject({ field: 'name' });
    expect((missingName.body as { message: string }).message).toContain(ptBR.forms.requiredField);
    const shortPassword = await create(a.admin.token, {
      name: 'X',
      email,
      role: 'operator',
      password: '123',
    });
    expect(shortPassword.body).toMatchObject({ field: 'password' });
    expect((shortPassword.body as { message: string }).message).toContain(ptBR.admin.passwordTooShort);
    const list = await callRoute(handler, listEmployees, { token: a.admin.token, query: { search: email } });
    expect((list.body as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses managers and operators with 403', async () => {
    for (const token of [a.manager.token, a.operator.token]) {
      const email = uniqueEmail('negado');
      const response = await create(token, {
        name: 'Negado',
        email,
        role: 'operator',
        password: 'inicial-123',
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ message: ptBR.admin.accessDenied });
      expect((await callRoute(handler, listEmployees, { token })).status).toBe(403);
    }
  });

  it("refuses a password for another company's account and answers a conflict for a colleague's", async () => {
    const other = await create(a.admin.token, {
      name: 'Outra',
      email: b.operator.email,
      role: 'operator',
      password: 'inicial-123',
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      field: 'password',
      message: ptBR.accounts.passwordNotForExistingAccount,
    });
    const colleague = await create(a.admin.token, {
      name: 'Repetido',
      email: a.operator.email,
      role: 'operator',
      password: 'inicial-123',
    });
    expect(colleague.status).toBe(409);
    expect(colleague.body).toMatchObject({ code: 'conflict', message: ptBR.admin.emailInUseHere });
  });

  it('asks a new e-mail for the name and the initial password', async () => {
    const email = uniqueEmail('sem-senha');
    const noPassword = await create(a.admin.token, { name: 'Sem Senha', email, role: 'operator' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ field: 'password', message: ptBR.forms.requiredField });
    const list = await callRoute(handler, listEmployees, { token: a.admin.token, query: { search: email } });
    expect((list.body as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses a company at max_included_users with a clear message until a seat is freed', async () => {
    const c = await createTenant();
    await setCompany(c.companyId, { max_included_users: 3 });
    const full = await create(c.admin.token, {
      name: 'Quarto',
      email: uniqueEmail('quarto'),
      role: 'operator',
      password: 'inicial-123',
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'employee_limit' });
    expect((full.body as { message: string }).message).toContain('Limite de 3 usuários');
    const freed = await callRoute(handler, updateEmployee, {
      token: c.admin.token,
      params: { id: c.manager.id },
      body: { inactive: true },
    });
    expect(freed.status).toBe(200);
    const again = await create(c.admin.token, {
      name: 'Quarto',
      email: uniqueEmail('quarto'),
      role: 'operator',
      password: 'inicial-123',
    });
    expect(again.status).toBe(201);
    const reactivate = await callRoute(handler, updateEmployee, {
      token: c.admin.token,
      params: { id: c.manager.id },
      body: { inactive: false },
    });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body).toMatchObject({ code: 'employee_limit' });
  });
});

describe('GET /api/employees', () => {
  it('finds by name prefix (accents and case ignored) and by e-mail prefix, paging without repeats', async () => {
    const c = await createTenant();
    const zelia = await create(c.admin.token, {
      name: 'Zélia Souza',
      email: uniqueEmail('zs'),
      role: 'operator',
      password: 'inicial-123',
    });
    const zeca = await create(c.admin.token, {
      name: 'José Carlos',
      email: `zeca-${Date.now()}@admin.test`,
      role: 'operator',
      password: 'inicial-123',
    });
    const byName = await callRoute(handler, listEmployees, {
      token: c.admin.token,
      query: { search: 'ZELI' },
    });
    expect((byName.body as { items: EmployeeBody[] }).items.map((item) => item._id)).toEqual([
      (zelia.body as EmployeeBody)._id,
    ]);
    const both = await callRoute(handler, listEmployees, { token: c.admin.token, query: { search: 'ze' } });
    expect((both.body as { items: EmployeeBody[] }).items.map((item) => item.name)).toEqual([
      'Zélia Souza',
      'José Carlos',
    ]);
    expect((zeca.body as EmployeeBody).name).toBe('José Carlos');

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const pageResponse = await callRoute(handler, listEmployees, {
        token: c.admin.token,
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      const body = pageResponse.body as { items: EmployeeBody[]; nextCursor: string | null };
      seen.push(...body.items.map((item) => item._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it("refuses a cursor naming another company's keys", async () => {
    const page = await callRoute(handler, listEmployees, { token: b.admin.token, query: { limit: '1' } });
    const cursor = (page.body as { nextCursor: string }).nextCursor;
    const response = await callRoute(handler, listEmployees, { token: a.admin.token, query: { cursor } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'cursor' });
  });
});

describe('PATCH /api/employees/{id}', () => {
  it("refuses an admin changing a colleague's name or e-mail, and allows their own", async () => {
    const other = await callRoute(handler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.operator.id },
      body: { name: 'Outro Nome' },
    });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ message: ptBR.admin.nameEmailSelfOnly });
    expect((await readEmployee(a.companyId, a.operator.id))?.name).toBe('Operador Bruno');

    const newEmail = uniqueEmail('admin-novo');
    const own = await callRoute(handler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.admin.id },
      body: { name: 'Admin Renomeado', email: newEmail },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Admin Renomeado', email: newEmail });
    expect(
      (await callRoute(authHandler, createToken, { body: { email: newEmail, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
    expect(
      (await callRoute(authHandler, createToken, { body: { email: a.admin.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(401);
    a.admin.email = newEmail;
  });

  it('changes role and departments of a colleague, never the own role or the root admin', async () => {
    const role = await callRoute(handler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.operator.id },
      body: { role: 'manager', name: 'Operador Bruno' },
    });
    expect(role.status).toBe(200);
    expect(role.body).toMatchObject({ role: 'manager' });
    const own = await callRoute(handler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.admin.id },
      body: { role: 'operator' },
    });
    expect(own.status).toBe(403);
    const self = await callRoute(handler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.admin.id },
      body: { inactive: true },
    });
    expect(self.status).toBe(403);
  });

  it('deactivation ends every session at once; reactivation lets the employee sign in again', async () => {
    const c = await createTenant();
    const second = await login(c.operator.email);
    const response = await callRoute(handler, updateEmployee, {
      token: c.admin.token,
      params: { id: c.operator.id },
      body: { inactive: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ inactive: true });
    const sessions = await listEmployeeSessions(c.companyId, c.operator.id);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((session) => session.revoked)).toBe(true);
    for (const token of [c.operator.token, second]) {
      expect(
        (await callRoute(departmentsHandler, createDepartment, { token, body: { name: 'X' } })).status,
      ).toBe(401);
    }
    expect(
      (
        await callRoute(authHandler, createToken, {
          body: { email: c.operator.email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(401);
    await callRoute(handler, updateEmployee, {
      token: c.admin.token,
      params: { id: c.operator.id },
      body: { inactive: false },
    });
    expect(
      (
        await callRoute(authHandler, createToken, {
          body: { email: c.operator.email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it("answers 404 for another company's employee and leaves it untouched", async () => {
    for (const contract of [getEmployee, updateEmployee]) {
      const response = await callRoute(handler, contract, {
        token: a.admin.token,
        params: { id: b.operator.id },
        body: { inactive: true },
      });
      expect(response.status).toBe(404);
    }
    expect((await readEmployee(b.companyId, b.operator.id))?.inactive).toBe(false);
  });

  it('answers 400 for an unknown field', async () => {
    const response = await callRoute(handler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.operator.id },
      body: { is_root: true },
    });
    expect(response.status).toBe(400);
  });
});
