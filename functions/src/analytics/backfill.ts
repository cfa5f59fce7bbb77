import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { type Item, queryAll } from '../lib/dynamo/query.ts';
import { logger } from '../lib/logger.ts';
import { ledgerKeys, rollupItem } from './ledger-store.ts';
import {
  addItem,
  emptySum,
  type Grain,
  GRAINS,
  PARTITIONS,
  type Partition,
  type RollupSum,
  rollupAttributes,
  rollupOfSum,
  SINGLE_PARTITIONS,
  SINGLE_SOURCES,
} from './rollup.ts';

/** Written when a whole run finished: later start-ups skip the scan. */
const DONE = { pk: 'MIGRATION#analytics', sk: 'day-rollups' };
/** The single-dimension partitions came later than the day items: a run of their own. */
const DIMENSIONS_DONE = { pk: 'MIGRATION#analytics', sk: 'dimension-rollups' };
const ATTEMPTS = 5;

const partitionItems = (pk: string) =>
  queryAll({
    TableName: config().mainTable,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });

type Sums = Map<string, { bucket: string; key: string; sum: RollupSum }>;

/** Source items summed per target item (by its sort key): `target` names each source item's bucket and key. */
function sumsOf(items: readonly Item[], target: (item: Item) => { bucket: string; key: string }): Sums {
  const sums: Sums = new Map();
  for (const item of items) {
    const { bucket, key } = target(item);
    const sk = `${bucket}#${key}`;
    const entry = sums.get(sk) ?? { bucket, key, sum: emptySum() };
    addItem(entry.sum, item);
    sums.set(sk, entry);
  }
  return sums;
}

/** A stored item's figures in their canonical stored form (what rollupItem would write for them). */
function figures(item: Record<string, unknown>): string {
  const sum = emptySum();
  addItem(sum, item);
  return JSON.stringify(rollupAttributes(rollupOfSum(sum)));
}

/**
 * Makes one partition's items at `grain` the sums `sources` reads (another grain or another partition of the
 * same ledger). The target items are read before the sources they are checked against, and each is written
 * only if its version is still the one read: a live ledger write in between (it changes a source and its
 * target in one transaction) fails that write, and the item is done again from fresh reads. An item already
 * equal to its sum is left alone, so a second run writes nothing. Answers how many items it wrote.
 */
async function rebuild(
  companyId: string,
  partition: Partition,
  grain: Grain,
  sources: () => Promise<Sums>,
): Promise<number> {
  const table = config().mainTable;
  let written = 0;
  let retry: Set<string> | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const stored = new Map(
      (await partitionItems(ledgerKeys.rollupPartition(companyId, partition, grain))).map((item) => [
        String(item.sk),
        item,
      ]),
    );
    const sums = await sources();
    const conflicts = new Set<string>();
    for (const [sk, { bucket, key, sum }] of sums) {
      if (retry && !retry.has(sk)) continue;
      const itemKey = ledgerKeys.rollup(companyId, partition, bucket, key, grain);
      const existing = stored.get(sk);
      const rollup = rollupOfSum(sum);
      if (existing && figures(existing) === JSON.stringify(rollupAttributes(rollup))) continue;
      const version = existing ? Number(existing.version) : undefined;
      try {
        await clients().document.send(
          new PutCommand({
            TableName: table,
            Item: rollupItem(itemKey, grain, rollup, (version ?? 0) + 1),
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
  throw new Error(`${grain} rollups of ${companyId}/${partition} kept changing during the backfill`);
}

/** Day rollups of one company's ledger, every partition, from its hour items. Answers how many it wrote. */
export async function backfillCompanyDayRollups(companyId: string): Promise<number> {
  let written = 0;
  for (const partition of PARTITIONS) {
    written += await rebuild(companyId, partition, 'day', async () =>
      sumsOf(await partitionItems(ledgerKeys.rollupPartition(companyId, partition, 'hour')), (item) => ({
        bucket: String(item.hour).slice(0, 10),
        key: String(item.key),
      })),
    );
  }
  return written;
}

/**
 * The single-dimension rollups (`by_channel` ...) of one company's ledger, hours and days, each from the
 * combo or tabulation items of the same grain it sums. Answers how many items it wrote.
 */
export async function backfillCompanyDimensionRollups(companyId: string): Promise<number> {
  let written = 0;
  for (const partition of SINGLE_PARTITIONS) {
    const source = SINGLE_SOURCES[partition];
    for (const grain of GRAINS) {
      written += await rebuild(companyId, partition, grain, async () =>
        sumsOf(await partitionItems(ledgerKeys.rollupPartition(companyId, source.from, grain)), (item) => ({
          bucket: String(item[grain]),
          key: source.keyOf(String(item.key)),
        })),
      );
    }
  }
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

/** Runs `perCompany` over every company once: once a run has finished (`done` written), the next ones return at once. */
async function migrate(
  done: { pk: string; sk: string },
  perCompany: (companyId: string) => Promise<number>,
): Promise<{ companies: number; written: number; skipped: boolean }> {
  const table = config().mainTable;
  const finished = await clients().document.send(new GetCommand({ TableName: table, Key: done }));
  if (finished.Item) return { companies: 0, written: 0, skipped: true };
  const ids = await companyIds();
  let written = 0;
  for (const id of ids) written += await perCompany(id);
  await clients().document.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...done,
        entity: 'migration',
        finished_at: new Date().toISOString(),
        companies: ids.length,
        written,
      },
    }),
  );
  logger.info(`analytics ${done.sk} backfilled`, { companies: ids.length, written });
  return { companies: ids.length, written, skipped: false };
}

/**
 * The migration: day rollups for ledgers written before the ledger kept them (it kept hours only). Idempotent;
 * run by the local runtime on start-up.
 */
export const backfillDayRollups = () => migrate(DONE, backfillCompanyDayRollups);

/**
 * The migration: single-dimension rollups for ledgers written before the ledger kept them. Idempotent; run by
 * the local runtime on start-up, after the day rollups (it sums the combo day items).
 */
export const backfillDimensionRollups = () => migrate(DIMENSIONS_DONE, backfillCompanyDimensionRollups);
