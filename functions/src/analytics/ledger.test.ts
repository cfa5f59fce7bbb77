import {
  getBreakdown,
  getHomeSummary,
  getMonitoring,
  getOverview,
  exportReport,
  listConversationFacts,
} from '@atende/shared/contracts/analytics/routes';
import type {
  AnalyticsMeasures,
  BreakdownRow,
  ConversationRow,
  MonitoringView,
} from '@atende/shared/contracts/analytics/views';
import type { DomainEvent } from '@atende/shared/events/index';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox, setPermissions, setSettings } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { applyToLedger } from './ledger-consumer.ts';
import { readFact } from './ledger-store.ts';
import * as timeline from './test-timeline.ts';

/**
 * The ledger on a hand-computed timeline. Office hours Mon–Fri 08:00–18:00 in Fortaleza (UTC−3), Friday
 * 2026-11-20 a holiday.
 *
 * A: opened Thu 19 17:00 local in Vendas' queue; taken by the operator Mon 23 09:00; first reply 09:30;
 *    transferred to the manager in Suporte 10:00; closed 11:00.
 *    wait 88 h calendar (316,800 s) / 2 h business (Thu 17–18, Mon 08–09) = 7,200 s
 *    first response 88.5 h (318,600 s) / 2.5 h (9,000 s); resolution 90 h (324,000 s) / 4 h (14,400 s)
 * B: the same customer writes again Mon 15:00 local: a new conversation (the closed one is not reopened),
 *    taken 15:10 (wait 600 s both ways), still open.
 * A's customer grades it 3 on Mon 11:30 local (CSAT).
 * C (Tue 24, after the range): opened with the bot 09:00 local, handed to Vendas' queue 09:20 (same
 *    department: a status change, no transfer), taken 09:30, closed 10:00, graded 5 at 10:05.
 *    wait 600 s both ways (from the handover, not the opening); resolution 3,600 s.
 */
const H = 3600;
const range = { from: '2026-11-19T00:00:00Z', to: '2026-11-24T00:00:00Z' };
let inbox: Inbox;
let other: Inbox;
let a: timeline.TimelineConversation;
let events: DomainEvent[];
let closeA: DomainEvent;
let c: timeline.TimelineConversation;
let gradeA: DomainEvent;

const get = async <T>(
  contract: Parameters<typeof callRoute>[1],
  token: string,
  query: Record<string, string>,
) => {
  const answer = await callRoute(handler, contract, { token, query });
  return { status: answer.status, body: answer.body as T };
};

beforeAll(async () => {
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
  await setSettings(inbox.companyId, {
    officeHours: {
      enabled: true,
      weekly: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
        day,
        start: '08:00',
        end: '18:00',
      })),
    },
    holidays: [{ date: '2026-11-20', name: 'Consciência Negra', recurring: false }],
  });
  const operator = { _id: inbox.operator.id, name: 'Operador Bruno' };
  const manager = { _id: inbox.manager.id, name: 'Gestora Ana' };
  a = timeline.newTimeline(inbox.companyId, '2026-11-19T20:00:00.000Z');
  const queued = { status: 'queue' as const, department: inbox.sales, employee: null };
  const taken = { status: 'in_service' as const, department: inbox.sales, employee: operator };
  const moved = { status: 'in_service' as const, department: inbox.support, employee: manager };
  closeA = timeline.closed(a, { ...moved, at: '2026-11-23T14:00:00.000Z' });
  const b = { ...timeline.newTimeline(inbox.companyId, '2026-11-23T18:00:00.000Z'), customer: a.customer };
  events = [
    timeline.opened(a, { ...queued, at: a.createdAt }),
    timeline.message(a, a.createdAt, 'customer'),
    timeline.assigned(a, { ...taken, at: '2026-11-23T12:00:00.000Z' }),
    timeline.message(a, '2026-11-23T12:30:00.000Z', 'operator', operator),
    timeline.transferred(
      a,
      { ...moved, at: '2026-11-23T13:00:00.000Z' },
      { employee: operator, department: inbox.sales },
    ),
    closeA,
    timeline.opened(b, { ...queued, at: b.createdAt }),
    timeline.message(b, b.createdAt, 'customer'),
    timeline.assigned(b, { ...taken, at: '2026-11-23T18:10:00.000Z' }),
  ];
  gradeA = timeline.evaluated(a, { ...moved, at: '2026-11-23T14:00:00.000Z' }, 3, '2026-11-23T14:30:00.000Z');
  c = timeline.newTimeline(inbox.companyId, '2026-11-24T12:00:00.000Z');
  const withBot = { status: 'bot' as const, department: inbox.sales, employee: null };
  const closedC = { ...taken, at: '2026-11-24T13:00:00.000Z' };
  events.push(
    gradeA,
    timeline.opened(c, { ...withBot, at: c.createdAt }),
    timeline.statusChanged(c, { ...queued, at: '2026-11-24T12:20:00.000Z' }, 'bot'),
    timeline.assigned(c, { ...taken, at: '2026-11-24T12:30:00.000Z' }),
    timeline.closed(c, closedC),
    timeline.evaluated(c, closedC, 5, '2026-11-24T13:05:00.000Z'),
  );
  for (const event of events) await applyToLedger(event);
});

describe('analytics ledger', () => {
  it('keeps the conversation fact in calendar and business time across a holiday, a weekend and a transfer', async () => {
    const stored = await readFact(inbox.companyId, a.id);
    expect(stored?.fact).toMatchObject({
      wait: { cal: 88 * H, bh: 2 * H },
      first_response: { cal: 88.5 * H, bh: 2.5 * H },
      resolution: { cal: 90 * H, bh: 4 * H },
      assignments: 1,
      transfers: 1,
      messages_in: 1,
      messages_out: 1,
      department: inbox.support,
      human: true,
      closed_at: '2026-11-23T14:00:00.000Z',
    });
  });

  it('starts waiting when the bot hands over to the same department, without counting a transfer', async () => {
    const stored = await readFact(inbox.companyId, c.id);
    expect(stored?.fact).toMatchObject({
      queued_at: '2026-11-24T12:20:00.000Z',
      wait: { cal: 600, bh: 600 },
      resolution: { cal: H, bh: H },
      transfers: 0,
      bot: true,
      human: true,
      status: 'closed',
      csat: 5,
    });
  });

  it('ledgers each service evaluation once, in the hour it was answered, under the closing employee', async () => {
    expect(await applyToLedger(gradeA)).toBe(false);
    const mine = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, range);
    expect(mine.body.csat).toEqual({ average: 3, responses: 1, grades: [0, 0, 1, 0, 0] });
    const week = { from: range.from, to: '2026-11-25T00:00:00Z' };
    const both = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, week);
    expect(both.body.csat).toEqual({ average: 4, responses: 2, grades: [0, 0, 1, 0, 1] });
    const agents = await get<{ rows: BreakdownRow[] }>(getBreakdown, inbox.admin.token, {
      ...week,
      by: 'employee',
    });
    const csatOf = (id: string) => agents.body.rows.find((row) => row.key === id)?.csat;
    expect(csatOf(inbox.manager.id)).toMatchObject({ average: 3, responses: 1 });
    expect(csatOf(inbox.operator.id)).toMatchObject({ average: 5, responses: 1 });
    const rows = await get<{ rows: ConversationRow[] }>(listConversationFacts, inbox.admin.token, week);
    expect(rows.body.rows.map((row) => row.csat)).toEqual([3, null, 5]);
    // The operator (display_report_base_to_operators) sees only the grade of the conversation they closed.
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    const own = await get<AnalyticsMeasures>(getOverview, inbox.operator.token, week);
    expect(own.body.csat).toMatchObject({ average: 5, responses: 1 });
    const foreign = await get<AnalyticsMeasures>(getOverview, other.admin.token, week);
    expect(foreign.body.csat).toEqual({ average: null, responses: 0, grades: [0, 0, 0, 0, 0] });
  });

  it('changes nothing when an event is delivered again', async () => {
    expect(await applyToLedger(closeA)).toBe(false);
    expect(await applyToLedger(events[1] as DomainEvent)).toBe(false);
    const { body } = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, range);
    expect(body.conversations.closed).toBe(1);
    expect(body.messages.received).toBe(2);
  });

  it('answers the overview with hand-computed figures, calendar and business hours', async () => {
    const calendar = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, range);
    expect(calendar.status).toBe(200);
    expect(calendar.body.conversations).toEqual({ opened: 2, closed: 1, open_now: 1 });
    expect(calendar.body.messages).toEqual({ received: 2, sent: 1 });
    expect(calendar.body.wait.avg_s).toBe((88 * H + 600) / 2);
    expect(calendar.body.resolution.avg_s).toBe(90 * H);
    // DDSketch answers within 1% of the true value.
    expect(Math.abs((calendar.body.resolution.p50_s ?? 0) - 90 * H)).toBeLessThanOrEqual(0.01 * 90 * H);
    expect(Math.abs((calendar.body.wait.p50_s ?? 0) - 600)).toBeLessThanOrEqual(6);
    const business = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, {
      ...range,
      business_hours: 'true',
    });
    expect(business.body.wait.avg_s).toBe((2 * H + 600) / 2);
    expect(business.body.first_response.avg_s).toBe(2.5 * H);
    expect(business.body.resolution.avg_s).toBe(4 * H);
  });

  it('counts a contribution in the hour it happened, from day items and hour items alike', async () => {
    const { body } = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, {
      ...range,
      to: '2026-11-23T14:00:00Z',
    });
    expect(body.conversations.closed).toBe(0);
    expect(body.conversations.opened).toBe(1);
    // Ragged edges: the hours of the 19th and the 23rd from hour items, the whole days between from day items.
    const ragged = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, {
      from: '2026-11-19T20:30:00Z',
      to: '2026-11-23T18:05:00Z',
    });
    expect(ragged.body.conversations).toEqual({ opened: 2, closed: 1, open_now: 1 });
    // B's wait ends 18:10, in the last hour the range touches.
    expect(ragged.body.wait.avg_s).toBe((88 * H + 600) / 2);
    const hoursOnly = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, {
      from: '2026-11-23T12:00:00Z',
      to: '2026-11-23T13:00:00Z',
    });
    expect(hoursOnly.body.wait.avg_s).toBe(88 * H);
  });

  it('breaks down by department with totals equal to the overview', async () => {
    const { body } = await get<{ rows: BreakdownRow[] }>(getBreakdown, inbox.admin.token, {
      ...range,
      by: 'department',
    });
    const sales = body.rows.find((row) => row.key === inbox.sales);
    const support = body.rows.find((row) => row.key === inbox.support);
    expect(sales).toMatchObject({ label: 'Vendas', conversations: { opened: 2, closed: 0, open_now: 1 } });
    expect(support).toMatchObject({ label: 'Suporte', conversations: { opened: 0, closed: 1, open_now: 0 } });
    const total = (key: 'opened' | 'closed') =>
      body.rows.reduce((sum, row) => sum + row.conversations[key], 0);
    expect([total('opened'), total('closed')]).toEqual([2, 1]);
  });

  it('breaks down by local hour and day in the company time zone', async () => {
    const { body } = await get<{ rows: BreakdownRow[] }>(getBreakdown, inbox.admin.token, {
      ...range,
      by: 'day',
    });
    expect(body.rows.map((row) => [row.key, row.conversations.opened])).toEqual([
      ['2026-11-19', 1],
      ['2026-11-23', 1],
    ]);
    const hours = await get<{ rows: BreakdownRow[] }>(getBreakdown, inbox.admin.token, {
      ...range,
      by: 'hour',
    });
    expect(hours.body.rows.find((row) => row.key === '17')?.label).toBe('17h');
    const heatmap = await get<{ rows: BreakdownRow[] }>(getBreakdown, inbox.admin.token, {
      ...range,
      by: 'weekday_hour',
    });
    expect(heatmap.body.rows.find((row) => row.key === '4-17')).toMatchObject({
      label: 'Qui 17h',
      conversations: { opened: 1 },
    });
  });

  it('gives the CSV exactly the numbers of the API', async () => {
    const api = await get<AnalyticsMeasures>(getOverview, inbox.admin.token, {
      ...range,
      business_hours: 'true',
    });
    const csv = await get<{ csv: string }>(exportReport, inbox.admin.token, {
      ...range,
      business_hours: 'true',
      report: 'overview',
    });
    const [row] = Papa.parse<Record<string, string>>(csv.body.csv, { header: true }).data;
    expect(Number(row?.opened)).toBe(api.body.conversations.opened);
    expect(Number(row?.wait_avg_s)).toBe(api.body.wait.avg_s);
    expect(Number(row?.resolution_p90_s)).toBe(api.body.resolution.p90_s);
    const breakdownCsv = await get<{ csv: string }>(exportReport, inbox.admin.token, {
      ...range,
      report: 'breakdown',
      by: 'channel',
    });
    const rows = Papa.parse<Record<string, string>>(breakdownCsv.body.csv, { header: true }).data;
    expect(rows.reduce((sum, r) => sum + Number(r.opened), 0)).toBe(api.body.conversations.opened);
    const conversations = await get<{ csv: string }>(exportReport, inbox.admin.token, {
      ...range,
      report: 'conversations',
    });
    const lines = Papa.parse<Record<string, string>>(conversations.body.csv, { header: true }).data;
    expect(lines).toHaveLength(api.body.conversations.opened);
    expect(lines.map((line) => Number(line.wait_s)).sort((x, y) => x - y)).toEqual([600, 88 * H]);
  });

  it('lists one row per conversation, paged', async () => {
    const first = await get<{ rows: ConversationRow[]; next_cursor: string | null }>(
      listConversationFacts,
      inbox.admin.token,
      { ...range, limit: '1' },
    );
    expect(first.body.rows).toHaveLength(1);
    expect(first.body.rows[0]).toMatchObject({
      conversation: a.id,
      transfers: 1,
      department_label: 'Suporte',
    });
    const second = await get<{ rows: ConversationRow[] }>(listConversationFacts, inbox.admin.token, {
      ...range,
      limit: '1',
      cursor: first.body.next_cursor ?? '',
    });
    expect(second.body.rows[0]?.conversation).not.toBe(a.id);
  });
});

describe('analytics monitoring', () => {
  it("shows each employee's load and the queues from the open conversations", async () => {
    const { status, body } = await get<MonitoringView>(getMonitoring, inbox.admin.token, {});
    expect(status).toBe(200);
    expect(body.totals).toEqual({ bot: 0, waiting: 0, in_service: 1 });
    expect(body.employees.find((employee) => employee._id === inbox.operator.id)).toMatchObject({
      open: 1,
      status: 'offline',
    });
    expect(body.queues).toEqual([]);
  });

  it('is for admins only', async () => {
    expect((await get(getMonitoring, inbox.manager.token, {})).status).toBe(403);
    const foreign = await get<MonitoringView>(getMonitoring, other.admin.token, {});
    expect(foreign.body.totals).toEqual({ bot: 0, waiting: 0, in_service: 0 });
  });
});

describe('analytics home', () => {
  it("counts each caller's own open conversations, whatever their report permissions", async () => {
    await setPermissions(inbox.companyId, {});
    const operator = await get<{ my_open: number }>(getHomeSummary, inbox.operator.token, {});
    expect(operator.status).toBe(200);
    expect(operator.body.my_open).toBe(1);
    const admin = await get<{ my_open: number; waiting_in_my_queues: number }>(
      getHomeSummary,
      inbox.admin.token,
      {},
    );
    expect(admin.body).toMatchObject({ my_open: 0, waiting_in_my_queues: 0 });
  });
});

describe('analytics access', () => {
  it('shows a manager their departments only', async () => {
    const { body } = await get<AnalyticsMeasures>(getOverview, inbox.manager.token, range);
    expect(body.conversations).toEqual({ opened: 0, closed: 1, open_now: 0 });
  });

  it('lets an operator in only with display_report_base_to_operators, and only to their own figures', async () => {
    await setPermissions(inbox.companyId, {});
    expect((await get(getOverview, inbox.operator.token, range)).status).toBe(403);
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    const own = await get<AnalyticsMeasures>(getOverview, inbox.operator.token, range);
    expect(own.status).toBe(200);
    expect(own.body.wait.avg_s).toBe((88 * H + 600) / 2);
    expect(own.body.conversations.closed).toBe(0);
    expect((await get(exportReport, inbox.operator.token, { ...range, report: 'overview' })).status).toBe(
      403,
    );
    await setPermissions(inbox.companyId, {
      display_report_base_to_operators: true,
      export_report_base_to_operators: true,
    });
    expect((await get(exportReport, inbox.operator.token, { ...range, report: 'overview' })).status).toBe(
      200,
    );
  });

  it("shows another company's admin none of these figures and refuses this company's cursor", async () => {
    const { body } = await get<AnalyticsMeasures>(getOverview, other.admin.token, range);
    expect(body.conversations).toEqual({ opened: 0, closed: 0, open_now: 0 });
    const mine = await get<{ next_cursor: string | null }>(listConversationFacts, inbox.admin.token, {
      ...range,
      limit: '1',
    });
    const theirs = await get(listConversationFacts, other.admin.token, {
      ...range,
      cursor: mine.body.next_cursor ?? '',
    });
    expect(theirs.status).toBe(400);
  });

  it('answers 400 naming the field for a bad range', async () => {
    const answer = await get<{ field?: string }>(getOverview, inbox.admin.token, {
      from: range.to,
      to: range.from,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('to');
  });
});
