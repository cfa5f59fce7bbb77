import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { APP_NAMES } from '@atende/shared/domain/apps';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { appKeys } from '../keys.ts';
import { POLLED_APPS, pollEntryItem } from '../store.ts';

/**
 * The migration of installations made before the schedule's entries existed: they have none, so nothing read
 * their CRM. Installations are keyed by company and no index lists them across companies, so this is the one
 * Scan, run by the schedule until it has gone through the whole table once: its progress (the Scan's cursor)
 * is kept in the migration's item, so a big table takes several runs, each within its time budget, and once
 * it is done a run costs one read. An entry already there (its mark) is left as it is.
 */
export const POLL_BACKFILL_MIGRATION = { pk: 'MIGRATION#apps', sk: 'crm-poll-entries' };

/** Of the schedule's 5-minute timeout, what the migration may take before the run polls the CRMs. */
const TIME_BUDGET_MS = 60_000;

const progress = z.object({
  done: z.boolean().optional(),
  cursor: z.record(z.string(), z.unknown()).optional(),
  written: z.number().int().optional(),
});

const installation = z.object({ _id: objectId, company: objectId, name: z.enum(APP_NAMES) });

export interface BackfillRun {
  done: boolean;
  written: number;
}

async function saveProgress(state: z.infer<typeof progress>): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        ...POLL_BACKFILL_MIGRATION,
        entity: 'migration',
        ...state,
        updated_at: new Date().toISOString(),
      },
    }),
  );
}

/** Writes the entry unless one exists; answers whether it wrote. */
async function ensureEntry(record: z.infer<typeof installation>): Promise<boolean> {
  try {
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: pollEntryItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Runs (or resumes) the migration, a page at a time until the budget is spent; answers at once when it
 * already finished. `pageSize` bounds the items a page evaluates (DynamoDB's own 1 MB page when absent).
 */
export async function backfillPollEntries(
  options: { budgetMs?: number; pageSize?: number } = {},
): Promise<BackfillRun> {
  const { budgetMs = TIME_BUDGET_MS, pageSize } = options;
  const table = config().mainTable;
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table, Key: POLL_BACKFILL_MIGRATION, ConsistentRead: true }),
  );
  const state = progress.parse(Item ?? {});
  if (state.done) return { done: true, written: 0 };
  const deadline = Date.now() + budgetMs;
  let cursor = state.cursor;
  let written = 0;
  const names = Object.fromEntries(POLLED_APPS.map((name, index) => [`:n${index}`, name]));
  do {
    const page = await clients().document.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: `entity = :app AND begins_with(pk, :company) AND begins_with(sk, :item) AND #name IN (${Object.keys(names).join(', ')})`,
        ExpressionAttributeNames: { '#name': 'name', '#id': '_id' },
        ExpressionAttributeValues: { ':app': 'app', ':company': 'C#', ':item': appKeys.itemPrefix, ...names },
        ProjectionExpression: '#name, company, #id',
        ...(cursor ? { ExclusiveStartKey: cursor } : {}),
        ...(pageSize ? { Limit: pageSize } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const parsed = installation.safeParse(item);
      if (!parsed.success || !POLLED_APPS.includes(parsed.data.name)) continue;
      if (await ensureEntry(parsed.data)) written += 1;
    }
    cursor = page.LastEvaluatedKey;
    await saveProgress({
      ...(cursor ? { cursor } : { done: true }),
      written: (state.written ?? 0) + written,
    });
  } while (cursor && Date.now() < deadline);
  if (written > 0 || !cursor) {
    logger.info('crm poll entries backfilled', { written, done: !cursor });
  }
  return { done: !cursor, written };
}
