import { normalizePhone } from '@atende/shared/rules/phone';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { foldText } from '../contacts/text.ts';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { logger } from '../lib/logger.ts';
import { ObjectStreamInterrupted } from '../lib/s3-presign.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { walletCatalogue } from '../wallets/catalogue.ts';
import { refreshCompanySmartTags } from '../smart-tags/run-start.ts';
import { publishWalletRefresh } from '../wallets/events.ts';
import { fileStream } from './files.ts';
import { importGroup, type RowContext } from './import-rows.ts';
import {
  advanceCheckpoint,
  finishImport,
  type ImportJob,
  readImportJob,
  readOutcomes,
  type RowOutcome,
  saveTotal,
} from './jobs.ts';
import { importAudit } from './audit.ts';
import { countRows, openSheet } from './parse.ts';
import { CONTACT_IMPORT_QUEUE, enqueueJob, type JobMessage, jobMessage } from './queue.ts';

/** Rows per checkpoint, and rows written side by side (in several transactions) within one. */
export const CHUNK_ROWS = 1000;
const GROUP_ROWS = 250;
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
    if (group.length === GROUP_ROWS || keys.some((key) => claimed.has(key))) {
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

type Entry = readonly [number, Record<string, string>];

/**
 * One chunk, rows [from, to): rows already holding an outcome item (refused or duplicate in a run that crashed
 * mid-chunk) are skipped, the rest go group by group (in file order, so the first of two rows with one number
 * wins; a row an earlier run wrote is found written), then the checkpoint moves with the chunk's counts, each
 * row counted exactly once. Answers the job after the chunk (re-read when another run moved the checkpoint
 * first).
 */
async function runChunk(job: ImportJob, entries: readonly Entry[], context: RowContext) {
  const from = job.processed;
  const to = (entries.at(-1)?.[0] ?? from - 1) + 1;
  const earlier = await readOutcomes(job.company, job._id, { from: from + 1, to: to + 1 });
  const done = new Set(earlier.map((outcome) => outcome.row));
  const pending = entries.filter(([index]) => index >= from && !done.has(index + 1));
  const outcomes: RowOutcome[] = [...earlier];
  for (const group of parallelGroups(pending, (row) => identityKeys(job, row))) {
    outcomes.push(...(await importGroup(job, group, context)));
  }
  return (await advanceCheckpoint(job, from, to, outcomes)) ?? (await readImportJob(job.company, job._id));
}

/** Counts an uploaded file's rows once, so the progress bar has its total before the first chunk. */
async function counted(job: ImportJob): Promise<ImportJob> {
  if (job.counted) return job;
  const source = await fileStream(job.file_key);
  try {
    return await saveTotal(job, await countRows(await openSheet(source, job.format)));
  } finally {
    source.destroy();
  }
}

/**
 * Runs an import from its checkpoint, streaming the file: rows before the checkpoint are read past, the rest
 * are written chunk by chunk. Answers 'continued' when time ran short and a continuation was queued.
 */
export async function runImport(
  message: JobMessage,
  options: { remainingMs?: () => number; chunkRows?: number } = {},
): Promise<'done' | 'continued' | 'skipped'> {
  const { remainingMs = () => Number.POSITIVE_INFINITY, chunkRows = CHUNK_ROWS } = options;
  const found = await readImportJob(message.companyId, message.jobId);
  if (!found || found.status === 'done' || found.status === 'failed') return 'skipped';
  let job: ImportJob | undefined = await counted(found);
  const context = await rowContext(job.company);
  const source = await fileStream(job.file_key);
  const sheet = await openSheet(source, job.format);
  const startedAt = job.processed;
  try {
    let chunk: Entry[] = [];
    let index = 0;
    for await (const row of sheet.rows) {
      if (index >= job.processed) chunk.push([index, row]);
      index += 1;
      if (chunk.length < chunkRows) continue;
      if (remainingMs() < SAFETY_MS) {
        await enqueueJob(CONTACT_IMPORT_QUEUE, message);
        return 'continued';
      }
      job = await runChunk(job, chunk, context);
      if (!job) return 'skipped';
      chunk = [];
    }
    if (chunk.length > 0) job = await runChunk(job, chunk, context);
    if (!job) return 'skipped';
  } catch (error) {
    // The file's connection dropped while chunks were written (S3 resets a GET left idle): the rows written are
    // checkpointed, so a continuation opens the file again at once instead of waiting out the visibility
    // timeout. A drop before any progress fails the attempt as any error does.
    if (error instanceof ObjectStreamInterrupted && job && job.processed > startedAt) {
      logger.warn('import file connection dropped; continuing from the checkpoint', {
        job: job._id,
        processed: job.processed,
        error: error.message,
      });
      await enqueueJob(CONTACT_IMPORT_QUEUE, message);
      return 'continued';
    }
    throw error;
  } finally {
    await sheet.close();
    source.destroy();
  }
  // Queued before the import reports done (a failure redelivers the message): smart tags leave imported
  // contacts to this recompute.
  await refreshCompanySmartTags(job.company);
  await finishImport(job, 'done', [await importAudit(job)]);
  if (job.wallet) await publishWalletRefresh(job.company, 'update_customers_count', job.wallet);
  return 'done';
}

/** The contact-import queue's consumer (batch size 1: one import at a time per invocation). */
export const handler = sqsConsumer({
  queueId: CONTACT_IMPORT_QUEUE,
  schema: jobMessage,
  companyOf: (message) => message.companyId,
  // An interrupted import resumes from its checkpoint on redelivery.
  process: async (message, _record, context) => {
    await runImport(message, {
      remainingMs: () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY,
    });
  },
});
