import {
  createSavedReport,
  deleteSavedReport,
  listSavedReports,
  moveSavedReport,
  type SavedReportView,
  updateSavedReport,
} from '@atende/shared/contracts/analytics/saved-reports';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox, setPermissions } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let inbox: Inbox;
let other: Inbox;

const body = (name: string) => ({
  name,
  measure: 'wait_p90',
  dimension: 'department',
  chart: 'bar',
  period: '30d',
  filters: { channel: 'whatsapp', business_hours: true },
});

const call = async <T>(
  contract: Parameters<typeof callRoute>[1],
  token: string,
  input: { params?: Record<string, string>; body?: unknown } = {},
) => {
  const answer = await callRoute(handler, contract, { token, ...input });
  return { status: answer.status, body: answer.body as T };
};

beforeAll(async () => {
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
});

describe('report builder: saved reports', () => {
  it('saves a named report, lists it for the company and edits it', async () => {
    const created = await call<SavedReportView>(createSavedReport, inbox.admin.token, {
      body: body('Espera por departamento'),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Espera por departamento',
      measure: 'wait_p90',
      filters: { channel: 'whatsapp', business_hours: true },
      created_by: inbox.admin.id,
      position: 0,
    });
    const manager = await call<{ reports: SavedReportView[] }>(listSavedReports, inbox.manager.token);
    expect(manager.body.reports.map((report) => report.name)).toEqual(['Espera por departamento']);
    const updated = await call<SavedReportView>(updateSavedReport, inbox.admin.token, {
      params: { id: created.body._id },
      body: { ...body('Espera p90'), chart: 'line' },
    });
    expect(updated.body).toMatchObject({
      name: 'Espera p90',
      chart: 'line',
      created_at: created.body.created_at,
    });
  });

  it('answers 400 naming the field, and 409 for a name the company already uses', async () => {
    const blank = await call<{ field?: string }>(createSavedReport, inbox.admin.token, { body: body('  ') });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('name');
    const badMeasure = await call(createSavedReport, inbox.admin.token, {
      body: { ...body('X'), measure: 'revenue' },
    });
    expect(badMeasure.status).toBe(400);
    const taken = await call<{ field?: string }>(createSavedReport, inbox.manager.token, {
      body: body('espera P90'),
    });
    expect(taken.status).toBe(409);
  });

  it('lets only the author or an admin change a report', async () => {
    const mine = await call<SavedReportView>(createSavedReport, inbox.manager.token, {
      body: body('Do gestor'),
    });
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    const operator = await call(updateSavedReport, inbox.operator.token, {
      params: { id: mine.body._id },
      body: body('Tomado'),
    });
    expect(operator.status).toBe(403);
    expect(
      (await call(deleteSavedReport, inbox.operator.token, { params: { id: mine.body._id } })).status,
    ).toBe(403);
    const admin = await call(deleteSavedReport, inbox.admin.token, { params: { id: mine.body._id } });
    expect(admin).toEqual({ status: 200, body: { deleted: mine.body._id } });
  });

  it('keeps operators out without display_report_base_to_operators', async () => {
    await setPermissions(inbox.companyId, {});
    expect((await call(listSavedReports, inbox.operator.token)).status).toBe(403);
    expect((await call(createSavedReport, inbox.operator.token, { body: body('Meu') })).status).toBe(403);
  });

  it('keeps a private report to its author, admins included, and shares a company one', async () => {
    const secret = await call<SavedReportView>(createSavedReport, inbox.manager.token, {
      body: { ...body('Rascunho do gestor'), visibility: 'private', size: 'full' },
    });
    expect(secret.body).toMatchObject({ visibility: 'private', size: 'full' });
    const names = async (token: string) =>
      (await call<{ reports: SavedReportView[] }>(listSavedReports, token)).body.reports.map((r) => r.name);
    expect(await names(inbox.manager.token)).toContain('Rascunho do gestor');
    expect(await names(inbox.admin.token)).not.toContain('Rascunho do gestor');
    const params = { id: secret.body._id };
    expect((await call(updateSavedReport, inbox.admin.token, { params, body: body('Tomado') })).status).toBe(
      404,
    );
    expect((await call(deleteSavedReport, inbox.admin.token, { params })).status).toBe(404);
    // Shared with the company, everyone sees it.
    const shared = await call<SavedReportView>(updateSavedReport, inbox.manager.token, {
      params,
      body: { ...body('Rascunho do gestor'), visibility: 'company' },
    });
    expect(shared.body).toMatchObject({ visibility: 'company', size: 'half' });
    expect(await names(inbox.admin.token)).toContain('Rascunho do gestor');
    expect((await call(deleteSavedReport, inbox.manager.token, { params })).status).toBe(200);
  });

  it('arranges the dashboard: a report swaps places with its neighbour, the ends stay put', async () => {
    const tenant = await createInbox();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      // Saved from an older client: every report at position 0, ordered by name.
      const created = await call<SavedReportView>(createSavedReport, tenant.admin.token, {
        body: body(name),
      });
      ids.push(created.body._id);
    }
    const move = async (id: string, direction: 'up' | 'down', token = tenant.admin.token) =>
      call<{ reports: SavedReportView[] }>(moveSavedReport, token, { params: { id }, body: { direction } });
    const order = (answer: { body: { reports: SavedReportView[] } }) =>
      answer.body.reports.map((r) => r.name);
    expect(order(await move(ids[2] ?? '', 'up'))).toEqual(['A', 'C', 'B']);
    expect(order(await move(ids[0] ?? '', 'down'))).toEqual(['C', 'A', 'B']);
    expect(order(await move(ids[1] ?? '', 'down'))).toEqual(['C', 'A', 'B']);
    const listed = await call<{ reports: SavedReportView[] }>(listSavedReports, tenant.manager.token);
    expect(listed.body.reports.map((r) => [r.name, r.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    // Moving is changing: a manager cannot move the admin's report, another company cannot reach it.
    expect((await move(ids[0] ?? '', 'up', tenant.manager.token)).status).toBe(403);
    expect((await move(ids[0] ?? '', 'up', other.admin.token)).status).toBe(404);
  });

  it("shows another company's admin none of them and lets them change none", async () => {
    const list = await call<{ reports: SavedReportView[] }>(listSavedReports, other.admin.token);
    expect(list.body.reports).toEqual([]);
    const [report] = (await call<{ reports: SavedReportView[] }>(listSavedReports, inbox.admin.token)).body
      .reports;
    const id = report?._id ?? '';
    expect(
      (await call(updateSavedReport, other.admin.token, { params: { id }, body: body('X') })).status,
    ).toBe(404);
    expect((await call(deleteSavedReport, other.admin.token, { params: { id } })).status).toBe(404);
    const still = await call<{ reports: SavedReportView[] }>(listSavedReports, inbox.admin.token);
    expect(still.body.reports.map((item) => item.name)).toEqual(['Espera p90']);
  });
});
