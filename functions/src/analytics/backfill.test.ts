import { getBreakdown, getOverview } from '@atende/shared/contracts/analytics/routes';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createInbox, type Inbox } from '../conversations/test-inbox.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchWrite } from '../lib/dynamo/batch-write.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import {
  backfillCompanyDayRollups,
  backfillCompanyDimensionRollups,
  backfillDayRollups,
  backfillDimensionRollups,
} from './backfill.ts';
import { handler } from './handler.ts';
import { applyToLedger } from './ledger-consumer.ts';
import { ledgerKeys } from './ledger-store.ts';
import { GRAINS, PARTITIONS, SINGLE_PARTITIONS } from './rollup.ts';
import * as timeline from './test-timeline.ts';

/**
 * A ledger from before day rollups: the consumer's writes with every day item removed. Over a range of whole
 * UTC days the reads take days from the day items, so its figures are missing until the backfill.
 */
const range = { from: '2026-11-01T00:00:00Z', to: '2026-11-10T00:00:00Z' };
let inbox: Inbox;
let before: { overview: unknown; byEmployee: unknown };

const dayItems = async () =>
  (
    await Promise.all(
      PARTITIONS.map((partition) =>
        queryAll({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': ledgerKeys.rollupPartition(inbox.companyId, partition, 'day') },
        }),
      ),
    )
  ).flat();

const figures = async () => ({
  overview: (await callRoute(handler, getOverview, { token: inbox.admin.token, query: range })).body,
  byEmployee: (
    await callRoute(handler, getBreakdown, { token: inbox.admin.token, query: { ...range, by: 'employee' } })
  ).body,
});

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
  const operator = { _id: inbox.operator.id, name: 'Operador Bruno' };
  const queued = { status: 'queue' as const, department: inbox.sales, employee: null };
  const taken = { status: 'in_service' as const, department: inbox.sales, employee: operator };
  for (const [index, day] of ['02', '03', '05'].entries()) {
    const c = timeline.newTimeline(inbox.companyId, `2026-11-${day}T12:00:00.000Z`);
    for (const event of [
      timeline.opened(c, { ...queued, at: c.createdAt }),
      timeline.message(c, c.createdAt, 'customer'),
      timeline.assigned(c, { ...taken, at: `2026-11-${day}T12:0${index + 1}:00.000Z` }),
      timeline.message(c, `2026-11-${day}T12:10:00.000Z`, 'operator', operator),
      timeline.closed(c, { ...taken, at: `2026-11-${day}T13:00:00.000Z` }),
    ]) {
      await applyToLedger(event, { enabled: false, weekly: [], holidays: [], timeZone: 'UTC' });
    }
  }
  before = await figures();
  const days = await dayItems();
  expect(days.length).toBeGreaterThan(0);
  await batchWrite(days.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
});

describe('day rollup backfill', () => {
  it('rebuilds the day items from the hours, so a ledger from before them reads the same figures', async () => {
    const missing = (await figures()).overview as { conversations: { opened: number } };
    expect(missing.conversations.opened).toBe(0);
    expect(await backfillCompanyDayRollups(inbox.companyId)).toBeGreaterThan(0);
    expect(await figures()).toEqual(before);
    expect((before.overview as { conversations: { opened: number } }).conversations.opened).toBe(3);
  });

  it('writes nothing when run again', async () => {
    const versions = (await dayItems()).map((item) => `${String(item.sk)}@${String(item.version)}`).sort();
    expect(await backfillCompanyDayRollups(inbox.companyId)).toBe(0);
    expect((await dayItems()).map((item) => `${String(item.sk)}@${String(item.version)}`).sort()).toEqual(
      versions,
    );
    expect(await figures()).toEqual(before);
  });

  it('replaces a day item that holds only part of its hours (written after the rollout began)', async () => {
    const partial = (await dayItems()).find((item) => String(item.pk).includes('#all#'));
    if (!partial) throw new Error('no day item of the all partition');
    await clients().document.send(
      new PutCommand({ TableName: config().mainTable, Item: { ...partial, opened: 0, version: 7 } }),
    );
    expect(await backfillCompanyDayRollups(inbox.companyId)).toBe(1);
    expect(await figures()).toEqual(before);
  });

  it('runs once over every company, then skips', async () => {
    const first = await backfillDayRollups();
    expect(first.skipped).toBe(false);
    expect(first.companies).toBeGreaterThan(0);
    expect(await backfillDayRollups()).toEqual({ companies: 0, written: 0, skipped: true });
  });
});

const singleItems = async () =>
  (
    await Promise.all(
      SINGLE_PARTITIONS.flatMap((partition) =>
        GRAINS.map((grain) =>
          queryAll({
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: {
              ':pk': ledgerKeys.rollupPartition(inbox.companyId, partition, grain),
            },
          }),
        ),
      ),
    )
  ).flat();

const breakdowns = async () =>
  Promise.all(
    (['channel', 'department', 'employee', 'tabulation'] as const).map(
      async (by) =>
        (await callRoute(handler, getBreakdown, { token: inbox.admin.token, query: { ...range, by } })).body,
    ),
  );

describe('single-dimension rollup backfill', () => {
  it('rebuilds the by_<dimension> hours and days from the combo items, so the breakdowns read the same', async () => {
    const expected = await breakdowns();
    const stored = await singleItems();
    // 3 conversations on 3 days, each counted in 3 distinct hours: hours and days of 4 partitions.
    expect(stored.length).toBeGreaterThan(4 * 3);
    await batchWrite(stored.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    const [byChannel] = (await breakdowns()) as { rows: unknown[] }[];
    expect(byChannel?.rows).toEqual([]);
    expect(await backfillCompanyDimensionRollups(inbox.companyId)).toBe(stored.length);
    expect(await breakdowns()).toEqual(expected);
    // Opened in the queue (no one's), closed by the operator.
    expect((expected[2] as { rows: unknown[] }).rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'none', conversations: expect.objectContaining({ opened: 3 }) }),
        expect.objectContaining({
          label: 'Operador Bruno',
          conversations: expect.objectContaining({ closed: 3 }),
        }),
      ]),
    );
  });

  it('writes nothing when run again, and the migration runs once', async () => {
    expect(await backfillCompanyDimensionRollups(inbox.companyId)).toBe(0);
    expect((await backfillDimensionRollups()).skipped).toBe(false);
    expect(await backfillDimensionRollups()).toEqual({ companies: 0, written: 0, skipped: true });
  });
});
