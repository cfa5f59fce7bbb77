import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { deleteDepartment } from '@atende/shared/contracts/departments/delete-department';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { updateDepartment } from '@atende/shared/contracts/departments/update-department';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keys } from '../auth/keys.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as companyHandler } from '../company/handler.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { onDepartmentDeleted } from './hooks.ts';

vi.mock('../realtime/publish.ts', () => ({ publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) }));
const published = vi.mocked(publishToRoom);

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterEach(() => {
  published.mockClear();
});

const create = (tenant: Tenant, body: Record<string, unknown>) =>
  callRoute(handler, createDepartment, { token: tenant.admin.token, body });

const storedTree = async (companyId: string) => {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.company(companyId), ConsistentRead: true }),
  );
  return (Item?.departments ?? []) as DepartmentNode[];
};

const refreshEvents = () =>
  published.mock.calls.map(([, , event, data]) =>
    event === 'refresh-session' ? (data as { event: string }).event : event,
  );

describe('POST /api/departments', () => {
  it('creates a department and a sub-department with the dotted label, and tells the company', async () => {
    const root = await create(a, { name: 'Suporte', employees: [a.operator.id], tag_color: '#43a047' });
    expect(root.status).toBe(201);
    const rootId = (root.body as DepartmentNode)._id;
    const sub = await create(a, { name: 'Nível 2', parent: rootId, view_all_contacts: true });
    expect(sub.body).toMatchObject({
      label: 'Suporte.Nível 2',
      tag_color: '#43a047',
      view_all_contacts: true,
    });
    const tree = await storedTree(a.companyId);
    expect(tree.find((node) => node._id === rootId)?.sub_departments.map((node) => node.label)).toEqual([
      'Suporte.Nível 2',
    ]);
    expect(refreshEvents()).toEqual(['departments-update', 'departments-update']);
    expect(published.mock.calls[0]?.[1]).toBe(`company:${a.companyId}`);
  });

  it('answers 400 naming the field in pt-BR, 409 for a repeated name, and saves nothing', async () => {
    const before = await storedTree(a.companyId);
    const dotted = await create(a, { name: 'A.B' });
    expect(dotted.status).toBe(400);
    expect(dotted.body).toMatchObject({
      field: 'name',
      message: `Campo inválido: name: ${ptBR.admin.departmentNameDot}`,
    });
    const blank = await create(a, { name: '  ' });
    expect(blank.body).toMatchObject({
      field: 'name',
      message: `Campo inválido: name: ${ptBR.forms.requiredField}`,
    });
    const color = await create(a, { name: 'Cores', tag_color: 'azul' });
    expect(color.body).toMatchObject({ field: 'tag_color' });
    const repeated = await create(a, { name: 'suporte' });
    expect(repeated.status).toBe(409);
    expect(await storedTree(a.companyId)).toEqual(before);
  });

  it("refuses operators and managers, and another company's employees or parent", async () => {
    for (const token of [a.operator.token, a.manager.token]) {
      expect((await callRoute(handler, createDepartment, { token, body: { name: 'Z' } })).status).toBe(403);
    }
    expect((await create(a, { name: 'Intruso', employees: [b.operator.id] })).status).toBe(404);
    const bRoot = await create(b, { name: 'Alheio' });
    expect((await create(a, { name: 'Filho', parent: (bRoot.body as DepartmentNode)._id })).status).toBe(404);
    expect(
      (await storedTree(a.companyId)).some((node) => node.name === 'Intruso' || node.name === 'Filho'),
    ).toBe(false);
  });

  it('still answers 201 when the realtime publish fails', async () => {
    published.mockRejectedValueOnce(new Error('socket down'));
    const response = await create(a, { name: 'Sem socket' });
    expect(response.status).toBe(201);
  });
});

describe('GET /api/departments', () => {
  it('shows a restricted operator or manager only their departments (spec point 5)', async () => {
    const admin = await callRoute(handler, listDepartments, { token: a.admin.token });
    expect((admin.body as { seesAll: boolean }).seesAll).toBe(true);
    const operator = await callRoute(handler, listDepartments, { token: a.operator.token });
    const body = operator.body as { departments: DepartmentNode[]; seesAll: boolean };
    expect(body.seesAll).toBe(false);
    expect(body.departments.map((node) => node.name)).toEqual(['Suporte']);
    const manager = await callRoute(handler, listDepartments, { token: a.manager.token });
    expect((manager.body as { departments: unknown[] }).departments).toEqual([]);
    await setCompany(a.companyId, { permissions: { allow_spies: true, manage_allow_spies: true } });
    const spy = await callRoute(handler, listDepartments, { token: a.operator.token });
    expect((spy.body as { seesAll: boolean }).seesAll).toBe(true);
    const managerSpy = await callRoute(handler, listDepartments, { token: a.manager.token });
    expect((managerSpy.body as { departments: unknown[] }).departments.length).toBeGreaterThan(1);
    await setCompany(a.companyId, { permissions: {} });
  });
});

describe('PATCH /api/departments/{id}', () => {
  it('renames and relabels the subtree, and employee memberships follow the tree', async () => {
    const root = (await create(a, { name: 'Financeiro' })).body as DepartmentNode;
    const sub = (await create(a, { name: 'Cobrança', parent: root._id })).body as DepartmentNode;
    const renamed = await callRoute(handler, updateDepartment, {
      token: a.admin.token,
      params: { id: root._id },
      body: { name: 'Finanças', employees: [a.manager.id] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ label: 'Finanças', employees: [a.manager.id] });
    expect((renamed.body as DepartmentNode).sub_departments[0]?.label).toBe('Finanças.Cobrança');
    const employee = await callRoute(employeesHandler, updateEmployee, {
      token: a.admin.token,
      params: { id: a.manager.id },
      body: { departments: [sub._id] },
    });
    expect((employee.body as { departments: string[] }).departments).toEqual([sub._id]);
    const tree = await storedTree(a.companyId);
    const stored = tree.find((node) => node._id === root._id);
    expect(stored?.employees).toEqual([]);
    expect(stored?.sub_departments[0]?.employees).toEqual([a.manager.id]);
  });

  it("answers 404 for another company's department and changes nothing", async () => {
    const bRoot = (await storedTree(b.companyId))[0] as DepartmentNode;
    const response = await callRoute(handler, updateDepartment, {
      token: a.admin.token,
      params: { id: bRoot._id },
      body: { name: 'Tomado' },
    });
    expect(response.status).toBe(404);
    expect((await storedTree(b.companyId))[0]?.name).toBe(bRoot.name);
    const removal = await callRoute(handler, deleteDepartment, {
      token: a.admin.token,
      params: { id: bRoot._id },
    });
    expect(removal.status).toBe(404);
    expect(await storedTree(b.companyId)).toHaveLength(1);
  });
});

describe('DELETE /api/departments/{id}', () => {
  it('deletes the subtree, drops settings pointing at it, runs the hooks and sends the spec events', async () => {
    const root = (await create(a, { name: 'Logística' })).body as DepartmentNode;
    const sub = (await create(a, { name: 'Entregas', parent: root._id })).body as DepartmentNode;
    const settings = await callRoute(companyHandler, updateCompanySettings, {
      token: a.admin.token,
      body: { chatbotForwarding: { enabled: true, department: sub._id } },
    });
    expect(settings.status).toBe(200);
    const calls: [string, readonly string[]][] = [];
    const off = onDepartmentDeleted(async (companyId, ids) => {
      calls.push([companyId, ids]);
    });
    published.mockClear();
    const subDelete = await callRoute(handler, deleteDepartment, {
      token: a.admin.token,
      params: { id: sub._id },
    });
    expect(subDelete.body).toEqual({ deleted: [sub._id] });
    const rootDelete = await callRoute(handler, deleteDepartment, {
      token: a.admin.token,
      params: { id: root._id },
    });
    expect(rootDelete.body).toEqual({ deleted: [root._id] });
    off();
    expect(calls).toEqual([
      [a.companyId, [sub._id]],
      [a.companyId, [root._id]],
    ]);
    expect(refreshEvents()).toEqual(['sub-department-delete', 'department-delete']);
    const company = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: keys.company(a.companyId), ConsistentRead: true }),
    );
    expect(company.Item?.company_settings.chatbotForwarding).toEqual({ enabled: false, department: null });
    expect((await storedTree(a.companyId)).some((node) => node._id === root._id)).toBe(false);
  });

  it('refuses operators', async () => {
    const tree = await storedTree(a.companyId);
    const target = tree[0] as DepartmentNode;
    const response = await callRoute(handler, deleteDepartment, {
      token: a.operator.token,
      params: { id: target._id },
    });
    expect(response.status).toBe(403);
    expect(await storedTree(a.companyId)).toEqual(tree);
  });
});
