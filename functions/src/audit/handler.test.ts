import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { updateCompanyPermissions } from '@atende/shared/contracts/company/update-company-permissions';
import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import { createDepartment } from '@atende/shared/contracts/departments/create-department';
import { createEmployee } from '@atende/shared/contracts/employees/create-employee';
import type { AuditLogView } from '@atende/shared/contracts/logs/list-logs';
import { listLogs } from '@atende/shared/contracts/logs/list-logs';
import { createTabulation } from '@atende/shared/contracts/tabulations/create-tabulation';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as companyHandler } from '../company/handler.ts';
import { createTenant, type Tenant, uniqueEmail } from '../company/test-tenant.ts';
import { handler as departmentsHandler } from '../departments/handler.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import { clients } from '../lib/clients.ts';
import { handler as tabulationsHandler } from '../tabulations/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { auditItem } from './store.ts';

let a: Tenant;
let b: Tenant;

type Page = { items: AuditLogView[]; nextCursor: string | null };

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const token = a.admin.token;
  await callRoute(employeesHandler, createEmployee, {
    token,
    body: { name: 'Nova', email: uniqueEmail('nova'), role: 'operator', password: 'inicial-123' },
  });
  await callRoute(departmentsHandler, createDepartment, { token, body: { name: 'Vendas' } });
  await callRoute(tabulationsHandler, createTabulation, { token, body: { label: 'Venda feita' } });
  await callRoute(companyHandler, updateCompanySettings, { token, body: { leads: { enabled: true } } });
  await callRoute(companyHandler, updateCompanyPermissions, {
    token,
    body: { operator: { allow_spies: true } },
  });
  await callRoute(departmentsHandler, createDepartment, { token: b.admin.token, body: { name: 'Alheio' } });
});

const logs = (query: Record<string, string> = {}, token = a.admin.token) =>
  callRoute(handler, listLogs, { token, query });

describe('GET /api/logs', () => {
  it('lists who changed what, newest first, with the changed fields only', async () => {
    const response = await logs();
    expect(response.status).toBe(200);
    const { items } = response.body as Page;
    expect(items.map((item) => [item.entity, item.action])).toEqual([
      ['company_permissions', 'update'],
      ['company_settings', 'update'],
      ['tabulation', 'create'],
      ['department', 'create'],
      ['employee', 'create'],
    ]);
    expect(items.every((item) => item.actor._id === a.admin.id && item.actor.name === 'Admin Teste')).toBe(
      true,
    );
    expect(items[0]).toMatchObject({ before: { allow_spies: false }, after: { allow_spies: true } });
    expect(items[1]).toMatchObject({
      before: { leads: { enabled: false } },
      after: { leads: { enabled: true } },
    });
    expect(JSON.stringify(items)).not.toContain('inicial-123');
  });

  it('filters by entity type and pages with a cursor without repeats', async () => {
    const departments = (await logs({ entity: 'department' })).body as Page;
    expect(departments.items.map((item) => item.entity)).toEqual(['department']);
    const first = (await logs({ limit: '3' })).body as Page;
    expect(first.items).toHaveLength(3);
    const second = (await logs({ limit: '3', cursor: first.nextCursor as string })).body as Page;
    expect(second.items.map((item) => item.entity)).toEqual(['department', 'employee']);
  });

  it("filters by the date range in the company's timezone, in the picker's formats", async () => {
    const at = new Date('2026-03-10T02:30:00.000Z');
    const actor = { _id: a.admin.id, name: 'Admin Teste' };
    const put = auditItem(
      a.companyId,
      actor,
      { entity: 'integration', entityId: 'x', action: 'create', before: null, after: { label: 'WhatsApp' } },
      at,
    ).Put;
    if (!put) throw new Error('audit item is a Put');
    await clients().document.send(new PutCommand(put));
    const ninth = (await logs({ from: '09/03/2026', to: '2026/03/09' })).body as Page;
    expect(ninth.items.map((item) => item.entity)).toEqual(['integration']);
    const tenth = (await logs({ from: '2026-03-10', to: '2026-03-10' })).body as Page;
    expect(tenth.items).toEqual([]);
  });

  it('answers 400 when the start is after the end, or a date is not a date', async () => {
    const reversed = await logs({ from: '2026-03-11', to: '2026-03-10' });
    expect(reversed).toMatchObject({
      status: 400,
      body: { field: 'to', message: `Campo inválido: to: ${ptBR.admin.dateRangeOrder}` },
    });
    const invalid = await logs({ from: '31/02/2026' });
    expect(invalid).toMatchObject({ status: 400, body: { field: 'from' } });
  });

  it("refuses managers and operators, never shows another company's trail, and refuses its cursor", async () => {
    expect((await logs({}, a.manager.token)).status).toBe(403);
    expect((await logs({}, a.operator.token)).status).toBe(403);
    const other = (await logs({ limit: '1' }, b.admin.token)).body as Page;
    expect(other.items.map((item) => item.entity)).toEqual(['department']);
    const page = (await logs({ limit: '1' })).body as Page;
    const foreign = await logs({ cursor: page.nextCursor as string }, b.admin.token);
    expect(foreign.status).toBe(400);
  });
});
