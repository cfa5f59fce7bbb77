import { updateCompanySettings } from '@atende/shared/contracts/company/update-company-settings';
import { createTabulation } from '@atende/shared/contracts/tabulations/create-tabulation';
import { deleteTabulation } from '@atende/shared/contracts/tabulations/delete-tabulation';
import { listTabulations } from '@atende/shared/contracts/tabulations/list-tabulations';
import { updateTabulation } from '@atende/shared/contracts/tabulations/update-tabulation';
import type { TabulationView } from '@atende/shared/contracts/tabulations/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as companyHandler } from '../company/handler.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const list = async (tenant: Tenant, token = tenant.admin.token) =>
  (await callRoute(handler, listTabulations, { token })).body as {
    tabulations: TabulationView[];
    tabulation_mode: boolean;
  };

describe('service categories', () => {
  it('creates, renames (keeping the name) and deletes; every role reads them with tabulation_mode', async () => {
    const created = await callRoute(handler, createTabulation, {
      token: a.admin.token,
      body: { label: 'Dúvida técnica' },
    });
    expect(created.status).toBe(201);
    const tabulation = created.body as TabulationView;
    expect(tabulation).toMatchObject({ label: 'Dúvida técnica', name: 'duvida-tecnica' });
    const renamed = await callRoute(handler, updateTabulation, {
      token: a.admin.token,
      params: { id: tabulation._id },
      body: { label: 'Suporte técnico' },
    });
    expect(renamed.body).toEqual({ ...tabulation, label: 'Suporte técnico' });
    await callRoute(companyHandler, updateCompanySettings, {
      token: a.admin.token,
      body: { serviceCategories: { tabulation_mode: true } },
    });
    const seen = await list(a, a.operator.token);
    expect(seen).toEqual({
      tabulations: [{ ...tabulation, label: 'Suporte técnico' }],
      tabulation_mode: true,
    });
    const removed = await callRoute(handler, deleteTabulation, {
      token: a.admin.token,
      params: { id: tabulation._id },
    });
    expect(removed.body).toEqual({ deleted: tabulation._id });
    expect((await list(a)).tabulations).toEqual([]);
  });

  it('answers 400 naming the field in pt-BR and 409 for a repeated label', async () => {
    const blank = await callRoute(handler, createTabulation, { token: a.admin.token, body: { label: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      field: 'label',
      message: `Campo inválido: label: ${ptBR.forms.requiredField}`,
    });
    await callRoute(handler, createTabulation, { token: a.admin.token, body: { label: 'Venda' } });
    const repeated = await callRoute(handler, createTabulation, {
      token: a.admin.token,
      body: { label: 'venda' },
    });
    expect(repeated.status).toBe(409);
    expect(repeated.body).toMatchObject({ message: ptBR.admin.tabulationNameTaken });
  });

  it('refuses managers and operators on changes', async () => {
    for (const token of [a.manager.token, a.operator.token]) {
      expect((await callRoute(handler, createTabulation, { token, body: { label: 'X' } })).status).toBe(403);
    }
    expect((await list(a)).tabulations.map((item) => item.label)).toEqual(['Venda']);
  });

  it("answers 404 for another company's category and leaves it", async () => {
    const own = (
      await callRoute(handler, createTabulation, { token: b.admin.token, body: { label: 'Alheia' } })
    ).body as TabulationView;
    const rename = await callRoute(handler, updateTabulation, {
      token: a.admin.token,
      params: { id: own._id },
      body: { label: 'Tomada' },
    });
    const removal = await callRoute(handler, deleteTabulation, {
      token: a.admin.token,
      params: { id: own._id },
    });
    expect([rename.status, removal.status]).toEqual([404, 404]);
    expect((await list(b)).tabulations).toEqual([own]);
  });
});
