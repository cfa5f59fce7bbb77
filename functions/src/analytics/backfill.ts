import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { type Item, queryAll } from '../lib/dynamo/query.ts';
import { logger } from '../lib/logger.ts';
import { ledgerKeys, rollupItem } from './ledger-store.ts';
import {
  addItem,
  emptySum,
  PARTITIONS,
  type Partition,
  type RollupSum,
  rollupAttributes,
  rollupOfSum,
} from './rollup.ts';

/** Written when a whole run finished: later start-ups skip the scan. */
const DONE = { pk: 'MIGRATION#analytics', sk: 'day-rollups' };
const ATTEMPTS = 5;

const partitionItems = (pk: string) =>
  queryAll({
    TableName: config().mainTable,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });

/** What a partition's hour items add up to per UTC day and key, by the day item's sort key. */
function daySums(hours: readonly Item[]): Map<string, { day: string; key: string; sum: RollupSum }> {
  const days = new Map<string, { day: string; key: string; sum: RollupSum }>();
  for (const item of hours) {
    const day = String(item.hour).slice(0, 10);
    const key = String(item.key);
    const sk = `${day}#${key}`;
    const entry = days.get(sk) ?? { day, key, sum: emptySum() };
    addItem(entry.sum, item);
    days.set(sk, entry);
  }
  return days;
}

/** A stored item's figures in their canonical stored form (what rollupItem would write for them). */
function figures(item: Record<string, unknown>): string {
  const sum = emptySum();
  addItem(sum, item);
  return JSON.stringify(rollupAttributes(rollupOfSum(sum)));
}

/**
 * Makes one partition's day items the sum of its hour items. The day items are read before the hours they
 * are checked against, and each is written only if its version is still the one read: a live ledger write in
 * between (it changes an hour and its day item in one transaction) fails that write, and the day is done
 * again from fresh reads. A day already equal to its hours is left alone, so a second run writes nothing.
 * Answers how many day items it wrote.
 */
async function backfillPartition(companyId: string, partition: Partition): Promise<number> {
  const table = config().mainTable;
  let written = 0;
  let retry: Set<string> | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const stored = new Map(
      (await partitionItems(ledgerKeys.rollupPartition(companyId, partition, 'day'))).map((item) => [
        String(item.sk),
        item,
      ]),
    );
    const sums = daySums(await partitionItems(ledgerKeys.rollupPartition(companyId, partition, 'hour')));
    const conflicts = new Set<string>();
    for (const [sk, { day, key, sum }] of sums) {
      if (retry && !retry.has(sk)) continue;
      const itemKey = ledgerKeys.rollup(companyId, partition, day, key, 'day');
      const existing = stored.get(sk);
      const rollup = rollupOfSum(sum);
      if (existing && figures(existing) === JSON.stringify(rollupAttributes(rollup))) continue;
      const version = existing ? Number(existing.version) : undefined;
      try {
        await clients().document.send(
          new PutCommand({
            TableName: table,
            Item: rollupItem(itemKey, 'day', rollup, (version ?? 0) + 1),
            ...(version === undefined
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } }),
          }),
        );
        written += 1;
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
        conflicts.add(sk);
      }
    }
    if (conflicts.size === 0) return written;
    retry = conflicts;
  }
  throw new Error(`day rollups of ${companyId}/${partition} kept changing during the backfill`);
}

/** Day rollups of one company's ledger, every partition. Answers how many day items it wrote. */
export async function backfillCompanyDayRollups(companyId: string): Promise<number> {
  let written = 0;
  for (const partition of PARTITIONS) written += await backfillPartition(companyId, partition);
  return written;
}

/** Every company's id (a migration's scan, never a request path's). */
async function companyIds(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new ScanCommand({
        TableName: config().mainTable,
        FilterExpression: 'sk = :profile AND begins_with(pk, :c) AND contains(pk, :company)',
        ExpressionAttributeValues: { ':profile': 'PROFILE', ':c': 'C#', ':company': '#COMPANY' },
        ProjectionExpression: 'pk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const match = /^C#([^#]+)#COMPANY$/.exec(String(item.pk));
      if (match?.[1]) ids.push(match[1]);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return ids;
}

/**
 * The migration: day rollups for ledgers written before the ledger kept them (it kept hours only). Idempotent;
 * run by the local runtime on start-up. Once a
 * run has finished, the next ones return at once.
 */
export async function backfillDayRollups(): Promise<{
  companies: number;
  written: number;
  skipped: boolean;
}> {
  const table = config().mainTable;
  const done = await clients().document.send(new GetCommand({ TableName: table, Key: DONE }));
  if (done.Item) return { companies: 0, written: 0, skipped: true };
  const ids = await companyIds();
  let written = 0;
  for (const id of ids) written += await backfillCompanyDayRollups(id);
  await clients().document.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...DONE,
        entity: 'migration',
        finished_at: new Date().toISOString(),
        companies: ids.length,
        written,
      },
    }),
  );
  logger.info('analytics day rollups backfilled', { companies: ids.length, written });
  return { companies: ids.length, written, skipped: false };
}
