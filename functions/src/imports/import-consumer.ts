import { normalizePhone } from '@atende/shared/rules/phone';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { listCatalogue } from '../contacts/catalogue.ts';
import { foldText } from '../contacts/text.ts';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import { logger } from '../lib/logger.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { walletCatalogue } from '../wallets/catalogue.ts';
import { publishWalletRefresh } from '../wallets/events.ts';
import { getFile } from './files.ts';
import { importRow, type RowContext } from './import-rows.ts';
import { advanceCheckpoint, finishImport, type ImportJob, readImportJob, readOutcomes } from './jobs.ts';
import { parseSheet } from './parse.ts';
import { CONTACT_IMPORT_QUEUE, enqueueJob, type JobMessage, jobMessage } from './queue.ts';

/** Rows per checkpoint, and rows written side by side within one. */
export const CHUNK_ROWS = 100;
const PARALLEL_ROWS = 10;
/** Stop taking chunks when less than this is left of the Lambda's time; a continuation message goes on. */
const SAFETY_MS = 60_000;

/** The phone and e-mail a row claims, normalized as the claims are. */
function identityKeys(job: ImportJob, row: Record<string, string>): string[] {
  const phone = job.mapping.cel_phone ? normalizePhone(row[job.mapping.cel_phone] ?? '') : undefined;
  const email = job.mapping.email ? (row[job.mapping.email] ?? '').trim().toLowerCase() : '';
  return [...(phone ? [`p:${phone}`] : []), ...(email ? [`e:${email}`] : [])];
}

/**
 * Splits rows into groups written side by side, closing a group before a row that claims a phone or e-mail
 * the group already claims: of two rows with one number, the first in the file wins, every time.
 */
export function parallelGroups<T extends readonly [number, Record<string, string>]>(
  rows: readonly T[],
  keysOf: (row: Record<string, string>) => string[],
): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let claimed = new Set<string>();
  for (const entry of rows) {
    const keys = keysOf(entry[1]);
    if (group.length === PARALLEL_ROWS || keys.some((key) => claimed.has(key))) {
      groups.push(group);
      group = [];
      claimed = new Set();
    }
    group.push(entry);
    for (const key of keys) claimed.add(key);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

async function rowContext(companyId: string): Promise<RowContext> {
  const [tags, wallets, customFields] = await Promise.all([
    listCatalogue(tagCatalogue, companyId),
    listCatalogue(walletCatalogue, companyId),
    listCatalogue(customFieldCatalogue, companyId),
  ]);
  return {
    tags: new Set(tags.map((tag) => tag._id)),
    wallets: new Set(wallets.map((wallet) => wallet._id)),
    customFields,
    tagsByName: new Map(tags.map((tag) => [foldText(tag.name), tag._id])),
  };
}

/**
 * Runs an import from its checkpoint: chunk by chunk, rows already holding an outcome are skipped, then the
 * checkpoint moves with the chunk's counts (read back from the outcome items, so a chunk interrupted by a crash
 * is counted exactly once). Answers 'continued' when time ran short and a continuation was queued.
 */
export async function runImport(
  message: JobMessage,
  remainingMs: () => number = () => Number.POSITIVE_INFINITY,
): Promise<'done' | 'continued' | 'skipped'> {
  let job = await readImportJob(message.companyId, message.jobId);
  if (!job || job.status === 'done' || job.status === 'failed') return 'skipped';
  const rows = (await parseSheet(await getFile(job.file_key), job.format)).rows;
  const context = await rowContext(job.company);
  while (job.processed < rows.length) {
    if (remainingMs() < SAFETY_MS) {
      await enqueueJob(CONTACT_IMPORT_QUEUE, message);
      return 'continued';
    }
    const from = job.processed;
    const to = Math.min(from + CHUNK_ROWS, rows.length);
    const done = new Set(
      (await readOutcomes(job.company, job._id, { from: from + 1, to: to + 1 })).map((o) => o.row),
    );
    const pending = rows
      .slice(from, to)
      .flatMap((row, offset) => (done.has(from + offset + 1) ? [] : [[from + offset, row] as const]));
    const current = job;
    for (const group of parallelGroups(pending, (row) => identityKeys(current, row))) {
      await Promise.all(group.map(([index, row]) => importRow(current, index, row, context)));
    }
    const outcomes = await readOutcomes(job.company, job._id, { from: from + 1, to: to + 1 });
    await advanceCheckpoint(job, from, to, outcomes);
    const reread = await readImportJob(job.company, job._id);
    if (!reread) return 'skipped';
    job = reread;
  }
  await finishImport(job, 'done');
  if (job.wallet) await publishWalletRefresh(job.company, 'update_customers_count', job.wallet);
  return 'done';
}

/** The contact-import queue's consumer (batch size 1: one import at a time per invocation). */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  for (const record of event.Records) {
    let message: JobMessage;
    try {
      message = jobMessage.parse(JSON.parse(record.body));
    } catch {
      logger.error('contact import message rejected', { messageId: record.messageId });
      continue;
    }
    try {
      await runImport(message, () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY);
    } catch (error) {
      logger.warn('contact import interrupted; it resumes from its checkpoint on redelivery', {
        ...message,
        error: error instanceof Error ? error.message : String(error),
      });
      failures.push(record.messageId);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
