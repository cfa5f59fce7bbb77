import Papa from 'papaparse';
import writeXlsxFile from 'write-excel-file/node';
import { toContactView } from '../contacts/records.ts';
import { loadScope } from '../contacts/scope.ts';
import { searchContacts } from '../contacts/search.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { logger } from '../lib/logger.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { publishToEmployee } from '../realtime/publish.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { contentTypeOf, exportFileKey, putFile } from './files.ts';
import { type ExportJob, readExportJob, saveExportProgress, saveExportResult } from './export-service.ts';
import { jobMessage, type JobMessage } from './queue.ts';

const PAGE = 100;

const COLUMNS = [
  { header: 'Nome', key: 'full_name', width: 32 },
  { header: 'Telefone', key: 'cel_phone', width: 20 },
  { header: 'E-mail', key: 'email', width: 32 },
  { header: 'Canal', key: 'channel', width: 12 },
  { header: 'Tags', key: 'tags', width: 32 },
  { header: 'Carteira', key: 'wallet', width: 24 },
  { header: 'Base legal', key: 'legal_basis', width: 20 },
  { header: 'Criado em', key: 'created_at', width: 22 },
] as const;

type ExportRow = Record<(typeof COLUMNS)[number]['key'], string>;

/**
 * Every contact the requester may see that passes the export's filter, masked for them, a page at a time;
 * `onPage` hears the running count (the job's progress).
 */
async function collectRows(
  job: ExportJob,
  onPage: (processed: number) => Promise<void>,
): Promise<ExportRow[]> {
  const scope = await loadScope({
    companyId: job.company,
    employeeId: job.employee,
    role: job.role,
    sessionId: 'export',
  });
  const tags = new Map((await listCatalogue(tagCatalogue, job.company)).map((tag) => [tag._id, tag.name]));
  const rows: ExportRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await searchContacts(
      scope,
      { tags: job.tags, wallet: job.wallet ?? undefined },
      cursor,
      PAGE,
    );
    for (const record of page.contacts) {
      const view = toContactView(record, scope.mask);
      rows.push({
        full_name: view.full_name,
        cel_phone: view.cel_phone ?? '',
        email: view.email ?? '',
        channel: view.channel,
        tags: view.tags.map((tag) => tags.get(tag) ?? tag).join(', '),
        wallet: view.wallet ? (scope.wallets.get(view.wallet)?.name ?? '') : '',
        legal_basis: view.data_protection.legal_basis,
        created_at: view.created_at,
      });
    }
    cursor = page.next_cursor ?? undefined;
    if (page.contacts.length > 0) await onPage(rows.length);
  } while (cursor);
  return rows;
}

/** One sheet, 'Contatos': the header row, then a row per contact, every cell text. */
async function toXlsx(rows: readonly ExportRow[]): Promise<Uint8Array> {
  const data = [
    COLUMNS.map((column) => ({ value: column.header })),
    ...rows.map((row) => COLUMNS.map((column) => ({ value: row[column.key], type: String }))),
  ];
  const file = await writeXlsxFile(data, {
    sheet: 'Contatos',
    columns: COLUMNS.map((column) => ({ width: column.width })),
  }).toBuffer();
  return new Uint8Array(file);
}

/** CSV with the same headers as the spreadsheet; a BOM so spreadsheet programs read the accents as UTF-8. */
function toCsv(rows: readonly ExportRow[]): Uint8Array {
  const csv = Papa.unparse({
    fields: COLUMNS.map((column) => column.header),
    data: rows.map((row) => COLUMNS.map((column) => row[column.key])),
  });
  return new TextEncoder().encode(`\uFEFF${csv}`);
}

/** The export's file (XLSX or CSV, per the job) and its row count. */
export async function buildExport(
  job: ExportJob,
  onPage: (processed: number) => Promise<void> = async () => undefined,
): Promise<{ content: Uint8Array; total: number }> {
  const rows = await collectRows(job, onPage);
  const content = job.format === 'csv' ? toCsv(rows) : await toXlsx(rows);
  return { content, total: rows.length };
}

export async function runExport(message: JobMessage): Promise<'done' | 'skipped'> {
  const job = await readExportJob(message.companyId, message.jobId);
  if (!job || job.status === 'done') return 'skipped';
  const { content, total } = await buildExport(job, (processed) => saveExportProgress(job, processed));
  const key = exportFileKey(job.company, job._id, job.format);
  await putFile(key, content, contentTypeOf(job.format));
  await saveExportResult(job, { status: 'done', file_key: key, total });
  await publishToEmployee(job.company, job.employee, 'inform-sending-excel-by-email', {
    export: job._id,
    status: 'done',
  }).catch((error: unknown) => {
    logger.warn('inform-sending-excel-by-email not delivered', {
      ...message,
      error: error instanceof Error ? error.message : String(error),
    });
  });
  return 'done';
}

/**
 * The contact-export queue's consumer; after its last attempt (the queue's maxReceiveCount) the job is marked
 * failed and the employee told, and the message rests in the DLQ.
 */
export const handler = sqsConsumer({
  queueId: 'contact-export',
  schema: jobMessage,
  companyOf: (message) => message.companyId,
  process: async (message) => {
    await runExport(message);
  },
  onLastAttempt: async (message) => {
    const job = await readExportJob(message.companyId, message.jobId);
    if (!job) return;
    await saveExportResult(job, { status: 'failed', file_key: null, total: 0 });
    await publishToEmployee(job.company, job.employee, 'inform-sending-excel-by-email', {
      export: job._id,
      status: 'failed',
    }).catch(() => undefined);
  },
});
