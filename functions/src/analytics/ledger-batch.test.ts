import { getOverview } from '@atende/shared/contracts/analytics/routes';
import type { AnalyticsMeasures } from '@atende/shared/contracts/analytics/views';
import type { DomainEvent } from '@atende/shared/events/index';
import type { OfficeCalendar } from '@atende/shared/rules/business-time';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { clients } from '../lib/clients.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { applyToLedger } from './ledger-consumer.ts';
import { readFact } from './ledger-store.ts';
import * as timeline from './test-timeline.ts';

/**
 * The events of one company that reach the ledger together (the FIFO groups of a consumer batch run side by
 * side) are committed together: the same facts and figures as one at a time, in a few transactions.
 */
const calendar: OfficeCalendar = { enabled: false, weekly: [], holidays: [], timeZone: 'UTC' };
let inbox: Inbox;
let other: Inbox;

beforeAll(async () => {
  await useTestTables();
  [inbox, other] = await Promise.all([createInbox(), createInbox()]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the transactions written while `work` runs. */
async function transactionsDuring(work: () => Promise<unknown>): Promise<number> {
  const document = clients().document;
  const send = document.send.bind(document);
  let transactions = 0;
  vi.spyOn(document, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
    if (command instanceof TransactWriteCommand) transactions += 1;
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof document.send);
  await work();
  return transactions;
}

const overview = async (token: string, from: string, to: string) =>
  (await callRoute(handler, getOverview, { token, query: { from, to } })).body as AnalyticsMeasures;

/** Applies each conversation's events in order, the conversations side by side, as a batch's lanes do. */
const lanes = (chains: DomainEvent[][]) =>
  Promise.all(
    chains.map(async (chain) => {
      const applied: boolean[] = [];
      for (const event of chain) applied.push(await applyToLedger(event, calendar));
      return applied;
    }),
  );

describe('analytics ledger, events committed together', () => {
  it('ledgers a batch of conversations in a few transactions with the figures of one at a time', async () => {
    const at = '2026-10-05T10:00:00.000Z';
    const queued = { status: 'queue' as const, department: inbox.sales, employee: null };
    const chains = Array.from({ length: 12 }, () => {
      const c = timeline.newTimeline(inbox.companyId, at);
      return [
        timeline.opened(c, { ...queued, at }),
        timeline.message(c, '2026-10-05T10:01:00.000Z', 'customer'),
      ];
    });
    let applied: boolean[][] = [];
    const transactions = await transactionsDuring(async () => {
      applied = await lanes(chains);
    });
    expect(applied.flat()).toEqual(new Array(24).fill(true));
    // One at a time this was 24 transactions.
    expect(transactions).toBeLessThanOrEqual(4);
    for (const chain of chains) {
      const stored = await readFact(inbox.companyId, (chain[0] as DomainEvent).entity_id);
      expect(stored?.fact).toMatchObject({ messages_in: 1, department: inbox.sales });
    }
    const figures = await overview(inbox.admin.token, '2026-10-05T00:00:00Z', '2026-10-06T00:00:00Z');
    expect(figures.conversations).toMatchObject({ opened: 12, closed: 0 });
    expect(figures.messages).toEqual({ received: 12, sent: 0 });
    // Delivered again, together or one by one, nothing changes.
    expect((await lanes(chains)).flat()).toEqual(new Array(24).fill(false));
    const again = await overview(inbox.admin.token, '2026-10-05T00:00:00Z', '2026-10-06T00:00:00Z');
    expect(again).toEqual(figures);
    const foreign = await overview(other.admin.token, '2026-10-05T00:00:00Z', '2026-10-06T00:00:00Z');
    expect(foreign.conversations.opened).toBe(0);
  });

  it('applies one of two copies of an event arriving at once, and the new events beside a replayed one', async () => {
    const at = '2026-10-06T10:00:00.000Z';
    const queued = { status: 'queue' as const, department: inbox.support, employee: null };
    const first = timeline.newTimeline(inbox.companyId, at);
    const opened = timeline.opened(first, { ...queued, at });
    expect(await applyToLedger(opened, calendar)).toBe(true);
    const second = timeline.newTimeline(inbox.companyId, at);
    const message = timeline.message(second, at, 'customer');
    const results = await Promise.all([
      applyToLedger(message, calendar),
      applyToLedger(message, calendar),
      applyToLedger(opened, calendar),
      applyToLedger(timeline.message(first, '2026-10-06T10:02:00.000Z', 'customer'), calendar),
    ]);
    expect(results.filter(Boolean)).toHaveLength(2);
    expect(results[0] !== results[1]).toBe(true);
    expect(results[2]).toBe(false);
    expect(results[3]).toBe(true);
    const figures = await overview(inbox.admin.token, '2026-10-06T00:00:00Z', '2026-10-07T00:00:00Z');
    expect(figures.messages.received).toBe(2);
    expect(figures.conversations.opened).toBe(1);
  });

  it('splits what does not fit in one transaction (100 items) and still ledgers every event', async () => {
    const at = '2026-10-07T10:00:00.000Z';
    // A different employee each: every conversation touches rollup items of its own.
    const chains = Array.from({ length: 25 }, (_, index) => {
      const c = timeline.newTimeline(inbox.companyId, at);
      const employee = { _id: `${index}`.padStart(24, 'e'), name: `Operador ${index}` };
      return [timeline.opened(c, { status: 'in_service', department: inbox.sales, employee, at })];
    });
    let applied: boolean[][] = [];
    const transactions = await transactionsDuring(async () => {
      applied = await lanes(chains);
    });
    expect(applied.flat()).toEqual(new Array(25).fill(true));
    expect(transactions).toBeGreaterThan(1);
    const figures = await overview(inbox.admin.token, '2026-10-07T00:00:00Z', '2026-10-08T00:00:00Z');
    expect(figures.conversations.opened).toBe(25);
  });
});
