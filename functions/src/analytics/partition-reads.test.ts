import { getBreakdown } from '@atende/shared/contracts/analytics/routes';
import type { BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { getOverview } from '@atende/shared/contracts/analytics/routes';
import type { AnalyticsMeasures } from '@atende/shared/contracts/analytics/views';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { createInbox, type Inbox, setPermissions } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { applyToLedger } from './ledger-consumer.ts';
import { rollupItems } from './rollup-reads.ts';
import { addItem, emptySum, rollupOfSum } from './rollup.ts';
import { measuresOf } from './service.ts';
import * as timeline from './test-timeline.ts';
import { localHour } from './time.ts';

/**
 * Reads that take a shortcut through the stored partitions must answer what the plain sums of hour items do.
 *
 * The breakdown by local day reads UTC day items less and plus edge hours. Its rows must be those of summing
 * every hour item by its local date (how it was read before): checked in UTC−3 and across New York's end of
 * daylight saving time (a 25-hour local day), unfiltered (`all`) and scoped (a manager: `combo`), over whole
 * and ragged ranges.
 */
const calendar = { enabled: false, weekly: [], holidays: [], timeZone: 'UTC' };
let fortaleza: Inbox;
let newYork: Inbox;

/** Enough conversations to land in most of the 10 days and in the small UTC hours, few enough to load quickly. */
const CONVERSATIONS = 14;

/** Deterministic conversations over 10 days from `start`, some in the small UTC hours (the local day before). */
async function load(inbox: Inbox, start: number) {
  const operator = { _id: inbox.operator.id, name: 'Operador Bruno' };
  const manager = { _id: inbox.manager.id, name: 'Gestora Ana' };
  let state = 7;
  const next = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
  const events = [];
  for (let index = 0; index < CONVERSATIONS; index += 1) {
    const opened = start + Math.floor(next() * 10 * 24) * 3_600_000 + Math.floor(next() * 3_600_000);
    const at = (minutes: number) => new Date(opened + minutes * 60_000).toISOString();
    const c = timeline.newTimeline(inbox.companyId, at(0));
    const [department, employee] = index % 2 ? [inbox.sales, operator] : [inbox.support, manager];
    const taken = { status: 'in_service' as const, department, employee };
    events.push(
      timeline.opened(c, { status: 'queue', department, employee: null, at: at(0) }),
      timeline.message(c, at(0), 'customer'),
      timeline.assigned(c, { ...taken, at: at(5 + index) }),
      timeline.message(c, at(10 + index), 'operator', employee),
      timeline.closed(c, { ...taken, at: at(60 + 40 * index) }),
    );
  }
  // Activity only at 01:30Z: it belongs to the local day before, and the UTC day's own local day has none.
  const lone = timeline.newTimeline(
    inbox.companyId,
    new Date(start + 12 * 86_400_000 + 5_400_000).toISOString(),
  );
  const alone = { status: 'queue' as const, department: inbox.sales, employee: null };
  events.push(
    timeline.opened(lone, { ...alone, at: lone.createdAt }),
    timeline.closed(lone, { ...alone, at: new Date(Date.parse(lone.createdAt) + 600_000).toISOString() }),
  );
  for (const event of events) await applyToLedger(event, calendar);
}

/** The rows by local day as summed from every hour item of the range. */
async function fromHours(
  inbox: Inbox,
  timeZone: string,
  range: { from: string; to: string },
  scoped: boolean,
) {
  const sums = new Map<string, ReturnType<typeof emptySum>>();
  for (const item of await rollupItems(
    inbox.companyId,
    scoped ? 'combo' : 'all',
    { ...range, business_hours: false },
    'hour',
  )) {
    if (scoped && String(item.key).split('|')[1] !== inbox.support) continue;
    const date = localHour(`${String(item.hour)}:00:00Z`, timeZone).date;
    const sum = sums.get(date) ?? emptySum();
    addItem(sum, item);
    sums.set(date, sum);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, sum]) => ({ key: date, ...measuresOf(rollupOfSum(sum), 0, false) }));
}

async function byDay(inbox: Inbox, token: string, range: { from: string; to: string }) {
  const answer = await callRoute(handler, getBreakdown, { token, query: { ...range, by: 'day' } });
  expect(answer.status).toBe(200);
  return (answer.body as { rows: BreakdownRow[] }).rows.map(({ label: _label, ...row }) => row);
}

beforeAll(async () => {
  await useTestTables();
  [fortaleza, newYork] = await Promise.all([createInbox(), createInbox()]);
  await setCompany(fortaleza.companyId, { settings: { timezone: 'America/Fortaleza' } });
  await setCompany(newYork.companyId, { settings: { timezone: 'America/New_York' } });
  // Two companies share no rollup item, so their ledgers load side by side.
  await Promise.all([
    load(fortaleza, Date.parse('2026-11-02T00:00:00Z')),
    load(newYork, Date.parse('2026-10-27T00:00:00Z')),
  ]);
}, 120_000);

describe('breakdown by local day', () => {
  it.each([
    [
      'Fortaleza, whole local days',
      'fortaleza',
      'America/Fortaleza',
      '2026-11-02T03:00:00Z',
      '2026-11-16T03:00:00Z',
    ],
    [
      'Fortaleza, whole UTC days',
      'fortaleza',
      'America/Fortaleza',
      '2026-11-02T00:00:00Z',
      '2026-11-15T00:00:00Z',
    ],
    [
      'Fortaleza, ragged edges',
      'fortaleza',
      'America/Fortaleza',
      '2026-11-03T17:00:00Z',
      '2026-11-10T08:30:00Z',
    ],
    [
      'New York, across the end of DST',
      'newYork',
      'America/New_York',
      '2026-10-27T04:00:00Z',
      '2026-11-09T05:00:00Z',
    ],
  ] as const)('%s: the rows of the hours summed by local date', async (_name, which, timeZone, from, to) => {
    const inbox = which === 'fortaleza' ? fortaleza : newYork;
    const range = { from, to };
    const expected = await fromHours(inbox, timeZone, range, false);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.reduce((sum, row) => sum + row.conversations.opened, 0)).toBeGreaterThan(3);
    expect(await byDay(inbox, inbox.admin.token, range)).toEqual(expected);
    // The manager sees Suporte's conversations only: the combo items, grouped the same way.
    expect(await byDay(inbox, inbox.manager.token, range)).toEqual(
      await fromHours(inbox, timeZone, range, true),
    );
  });

  it('lists no day whose only activity belongs to the local day before', async () => {
    const range = { from: '2026-11-14T03:00:00Z', to: '2026-11-16T03:00:00Z' };
    // 01:30Z on the 14th is 22:30 on the 13th in Fortaleza: outside this range, and the 14th itself is empty.
    expect(await byDay(fortaleza, fortaleza.admin.token, range)).toEqual([]);
    const before = await byDay(fortaleza, fortaleza.admin.token, {
      from: '2026-11-13T03:00:00Z',
      to: '2026-11-14T03:00:00Z',
    });
    expect(before).toMatchObject([{ key: '2026-11-13', conversations: { opened: 1, closed: 1 } }]);
  });
});

/** The figures of the combo hour items in the range whose `channel|department|employee` key `keep` takes. */
async function fromCombos(
  inbox: Inbox,
  range: { from: string; to: string },
  keep: (fields: string[]) => boolean,
) {
  const sum = emptySum();
  for (const item of await rollupItems(
    inbox.companyId,
    'combo',
    { ...range, business_hours: false },
    'hour',
  )) {
    if (keep(String(item.key).split('|'))) addItem(sum, item);
  }
  return measuresOf(rollupOfSum(sum), 0, false);
}

/** A scope restricted on one dimension alone reads that dimension's partition, not every combo. */
describe('a scope restricted on one dimension', () => {
  const range = { from: '2026-11-02T03:00:00Z', to: '2026-11-16T03:00:00Z' };
  const overviewOf = async (token: string, query: Record<string, string> = {}) =>
    (await callRoute(handler, getOverview, { token, query: { ...range, ...query } }))
      .body as AnalyticsMeasures;

  it('reads the figures of the combos it covers (a channel, a department, a manager, an operator)', async () => {
    const inbox = fortaleza;
    await setPermissions(inbox.companyId, { display_report_base_to_operators: true });
    const cases: [string, Record<string, string>, (fields: string[]) => boolean][] = [
      [inbox.admin.token, { channel: 'whatsapp' }, ([channel]) => channel === 'whatsapp'],
      [inbox.admin.token, { channel: 'widget' }, () => false],
      [inbox.admin.token, { department: inbox.sales }, ([, department]) => department === inbox.sales],
      [inbox.manager.token, {}, ([, department]) => department === inbox.support],
      [inbox.operator.token, {}, ([, , employee]) => employee === inbox.operator.id],
      [
        inbox.admin.token,
        { channel: 'whatsapp', employee: inbox.manager.id },
        ([channel, , employee]) => channel === 'whatsapp' && employee === inbox.manager.id,
      ],
    ];
    for (const [token, query, keep] of cases) {
      const expected = await fromCombos(inbox, range, keep);
      expect(await overviewOf(token, query)).toEqual(expected);
    }
    expect(
      (await fromCombos(inbox, range, ([, department]) => department === inbox.sales)).conversations.opened,
    ).toBeGreaterThan(3);
  });

  it("breaks a manager's figures down by department from their departments only", async () => {
    const answer = await callRoute(handler, getBreakdown, {
      token: fortaleza.manager.token,
      query: { ...range, by: 'department' },
    });
    const rows = (answer.body as { rows: BreakdownRow[] }).rows;
    expect(rows.map(({ key, label: _label, ...measures }) => ({ key, ...measures }))).toEqual([
      {
        key: fortaleza.support,
        ...(await fromCombos(fortaleza, range, ([, department]) => department === fortaleza.support)),
      },
    ]);
  });
});
