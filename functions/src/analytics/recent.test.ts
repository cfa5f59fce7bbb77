import { getMonitoring } from '@atende/shared/contracts/analytics/routes';
import type { MonitoringView } from '@atende/shared/contracts/analytics/views';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import type { ConversationFact } from './facts.ts';
import { handler } from './handler.ts';
import { applyToLedger } from './ledger-consumer.ts';
import { recentWindows } from './recent.ts';
import * as timeline from './test-timeline.ts';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const ago = (minutes: number, from = NOW) => new Date(from.getTime() - minutes * 60_000).toISOString();

const fact = (patch: Partial<ConversationFact>): ConversationFact => ({
  conversation: 'c',
  protocol: '',
  status: 'closed',
  channel: 'whatsapp',
  integration: '',
  department: null,
  employee: null,
  tabulation: null,
  customer: { _id: '', full_name: '' },
  opened_at: ago(120),
  closed_at: null,
  queued_at: ago(120),
  assigned_at: null,
  first_response_at: null,
  assignments: 0,
  transfers: 0,
  bot: false,
  human: false,
  wait: null,
  first_response: null,
  resolution: null,
  messages_in: 0,
  messages_out: 0,
  tags: [],
  csat: null,
  ...patch,
});

describe('wallboard windows (last 30 and 60 minutes)', () => {
  it('takes waits that ended and conversations abandoned in each window, hand-computed', () => {
    const taken = (minutesAgo: number, wait: number) =>
      fact({ assigned_at: ago(minutesAgo), wait: { cal: wait, bh: 0 }, human: true });
    const facts = [
      taken(5, 60),
      taken(10, 120),
      taken(20, 600),
      taken(45, 1800), // only in the 60-minute window
      taken(90, 9999), // in neither
      fact({ closed_at: ago(15) }), // queued, never taken: abandoned in both
      fact({ closed_at: ago(50) }), // abandoned in the 60-minute window only
      fact({ closed_at: ago(15), queued_at: null, bot: true }), // closed by the bot: not abandoned
      taken(30, 300), // exactly 30 minutes ago: the window is (now−30 min, now]
    ];
    expect(recentWindows(facts, NOW)).toEqual([
      { minutes: 30, taken: 3, wait_p50_s: 120, wait_p90_s: 600, abandoned: 1 },
      // waits 60, 120, 300, 600, 1800: p50 the 3rd, p90 the 5th
      { minutes: 60, taken: 5, wait_p50_s: 300, wait_p90_s: 1800, abandoned: 2 },
    ]);
    expect(recentWindows([], NOW)[0]).toEqual({
      minutes: 30,
      taken: 0,
      wait_p50_s: null,
      wait_p90_s: null,
      abandoned: 0,
    });
  });
});

describe('wallboard windows through the API', () => {
  let inbox: Inbox;
  let other: Inbox;
  beforeAll(async () => {
    await useTestTables();
    [inbox, other] = await Promise.all([createInbox(), createInbox()]);
    const now = new Date();
    const queued = { status: 'queue' as const, department: inbox.sales, employee: null };
    const operator = { _id: inbox.operator.id, name: 'Operador' };
    const waited = timeline.newTimeline(inbox.companyId, ago(25, now));
    const gaveUp = timeline.newTimeline(inbox.companyId, ago(40, now));
    for (const event of [
      timeline.opened(waited, { ...queued, at: waited.createdAt }),
      timeline.assigned(waited, {
        status: 'in_service',
        department: inbox.sales,
        employee: operator,
        at: ago(15, now),
      }),
      timeline.opened(gaveUp, { ...queued, at: gaveUp.createdAt }),
      timeline.closed(gaveUp, { ...queued, at: ago(35, now) }),
    ]) {
      await applyToLedger(event);
    }
  });

  it("shows the admin their company's last-hour waits and abandons, and another company nothing", async () => {
    const mine = await callRoute(handler, getMonitoring, { token: inbox.admin.token });
    const [half, hour] = (mine.body as MonitoringView).recent;
    expect(half).toMatchObject({ minutes: 30, taken: 1, wait_p50_s: 600, abandoned: 0 });
    expect(hour).toMatchObject({ minutes: 60, taken: 1, wait_p90_s: 600, abandoned: 1 });
    const theirs = await callRoute(handler, getMonitoring, { token: other.admin.token });
    expect((theirs.body as MonitoringView).recent.map((window) => window.taken + window.abandoned)).toEqual([
      0, 0,
    ]);
    expect((await callRoute(handler, getMonitoring, { token: inbox.manager.token })).status).toBe(403);
  });
});
