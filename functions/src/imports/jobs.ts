import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { importError, importMapping, importStatus } from '@atende/shared/contracts/contacts/imports';
import * as z from 'zod';
import { conditionFailed, type TransactItem, transactWrite } from '../lib/dynamo/transaction.ts';
import { contactKeys } from '../contacts/keys.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';

/** How many refused rows the job item itself lists; the report holds them all. */
export const LISTED_ERRORS = 20;

export const importJob = z
  .object({
    _id: z.string(),
    company: z.string(),
    status: importStatus,
    file_name: z.string(),
    file_key: z.string(),
    format: z.enum(['csv', 'xlsx']),
    /** The file's column headers, in file order (the error report repeats them). */
    headers: z.array(z.string()).default([]),
    mapping: importMapping,
    wallet: z.string().nullable(),
    tags: z.array(z.string()),
    created_by: z.string(),
    total: z.number().int(),
    /** Whether `total` is known: an uploaded file is counted by the consumer's first run. */
    counted: z.boolean().default(true),
    /** The checkpoint: rows before it are done and counted. */
    processed: z.number().int(),
    created: z.number().int(),
    duplicates: z.number().int(),
    errors: z.number().int(),
    error_rows: z.array(importError),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .loose();
export type ImportJob = z.infer<typeof importJob>;

export const rowOutcome = z.object({
  row: z.number().int(),
  status: z.enum(['created', 'duplicate', 'error']),
  field: z.string().optional(),
  reason: z.string().optional(),
  customer: z.string().optional(),
  raw: z.record(z.string(), z.string()).optional(),
});
export type RowOutcome = z.infer<typeof rowOutcome>;

const table = () => config().mainTable;

export async function createImportJob(job: ImportJob): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { ...contactKeys.importJob(job.company, job._id), entity: 'contact_import', ...job },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function readImportJob(companyId: string, id: string): Promise<ImportJob | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: contactKeys.importJob(companyId, id), ConsistentRead: true }),
  );
  return Item ? importJob.parse(Item) : undefined;
}

/** Outcomes of rows in [from, to), or of every row. */
export async function readOutcomes(
  companyId: string,
  id: string,
  range?: { from: number; to: number },
): Promise<RowOutcome[]> {
  const pk = contactKeys.importJob(companyId, id).pk;
  const items = await queryAll({
    ConsistentRead: true,
    KeyConditionExpression: range
      ? 'pk = :pk AND sk BETWEEN :from AND :to'
      : 'pk = :pk AND begins_with(sk, :row)',
    ExpressionAttributeValues: range
      ? {
          ':pk': pk,
          ':from': contactKeys.importRow(companyId, id, range.from).sk,
          ':to': contactKeys.importRow(companyId, id, range.to - 1).sk,
        }
      : { ':pk': pk, ':row': 'ROW#' },
  });
  return items.map((item) => rowOutcome.parse(item));
}

/** The row's outcome item: its presence marks the row done. */
export const outcomeRecord = (companyId: string, id: string, outcome: RowOutcome) => ({
  ...contactKeys.importRow(companyId, id, outcome.row),
  entity: 'contact_import_row',
  ...outcome,
});

/**
 * Moves the checkpoint from `from` to `to`, adding the chunk's counts (and its new contacts to the wallet's
 * customers_count), only if no other run moved it first. Answers the job as it now stands, or undefined when
 * the checkpoint had moved (the caller re-reads the job and goes on from there).
 */
export async function advanceCheckpoint(
  job: ImportJob,
  from: number,
  to: number,
  outcomes: readonly RowOutcome[],
): Promise<ImportJob | undefined> {
  const count = (status: RowOutcome['status']) =>
    outcomes.filter((outcome) => outcome.status === status).length;
  const counts = { created: count('created'), duplicates: count('duplicate'), errors: count('error') };
  const listed = [
    ...job.error_rows,
    ...outcomes
      .filter((outcome) => outcome.status === 'error')
      .sort((a, b) => a.row - b.row)
      .map((outcome) => ({ row: outcome.row, field: outcome.field ?? '', reason: outcome.reason ?? '' })),
  ].slice(0, LISTED_ERRORS);
  const checkpoint: TransactItem = {
    Update: {
      TableName: table(),
      Key: contactKeys.importJob(job.company, job._id),
      UpdateExpression:
        'SET #processed = :to, error_rows = :listed, #status = :running ADD created :c, duplicates :d, #errors :e',
      ConditionExpression: '#processed = :from',
      ExpressionAttributeNames: { '#status': 'status', '#processed': 'processed', '#errors': 'errors' },
      ExpressionAttributeValues: {
        ':from': from,
        ':to': to,
        ':listed': listed,
        ':running': 'running',
        ':c': counts.created,
        ':d': counts.duplicates,
        ':e': counts.errors,
      },
    },
  };
  const wallet: TransactItem[] =
    job.wallet && counts.created > 0
      ? [
          {
            Update: {
              TableName: table(),
              Key: contactKeys.catalogueItem(job.company, 'WALLETS', job.wallet),
              UpdateExpression: 'ADD customers_count :n',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':n': counts.created },
            },
          },
        ]
      : [];
  try {
    await transactWrite({ checkpoint, wallet });
  } catch (error) {
    if (conditionFailed(error, 'checkpoint')) return undefined;
    // The wallet was removed meanwhile: its count went with it.
    if (conditionFailed(error, 'wallet'))
      return advanceCheckpoint({ ...job, wallet: null }, from, to, outcomes);
    throw error;
  }
  return {
    ...job,
    status: 'running',
    processed: to,
    created: job.created + counts.created,
    duplicates: job.duplicates + counts.duplicates,
    errors: job.errors + counts.errors,
    error_rows: listed,
  };
}

export async function saveTotal(job: ImportJob, total: number): Promise<ImportJob> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: contactKeys.importJob(job.company, job._id),
      UpdateExpression: 'SET #total = :total, counted = :yes',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':total': total, ':yes': true },
    }),
  );
  return { ...job, total, counted: true };
}

/**
 * Marks the import finished, with its audit entry in the same transaction: a redelivered last message finds
 * it done and writes neither again.
 */
export async function finishImport(
  job: ImportJob,
  status: 'done' | 'failed',
  audit: TransactItem[] = [],
): Promise<void> {
  await transactWrite({
    job: {
      Update: {
        TableName: table(),
        Key: contactKeys.importJob(job.company, job._id),
        UpdateExpression: 'SET #status = :status, finished_at = :at',
        ConditionExpression: '#status <> :done',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':at': new Date().toISOString(), ':done': 'done' },
      },
    },
    audit,
  }).catch((error: unknown) => {
    if (conditionFailed(error, 'job')) return;
    throw error;
  });
}
