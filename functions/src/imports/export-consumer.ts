import ExcelJS from 'exceljs';
import { toContactView } from '../contacts/records.ts';
import { loadScope } from '../contacts/scope.ts';
import { searchContacts } from '../contacts/search.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { logger } from '../lib/logger.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { publishToEmployee } from '../realtime/publish.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { exportFileKey, putFile, XLSX_TYPE } from './files.ts';
import { type ExportJob, readExportJob, saveExportResult } from './export-service.ts';
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
];

/** The XLSX of every contact the requester may see that passes the export's filter, masked for them. */
export async function buildWorkbook(job: ExportJob): Promise<{ content: Uint8Array; total: number }> {
  const scope = await loadScope({
    companyId: job.company,
    employeeId: job.employee,
    role: job.role,
    sessionId: 'export',
  });
  const tags = new Map((await listCatalogue(tagCatalogue, job.company)).map((tag) => [tag._id, tag.name]));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = COLUMNS;
  let cursor: string | undefined;
  let total = 0;
  do {
    const page = await searchContacts(
      scope,
      { tags: job.tags, wallet: job.wallet ?? undefined },
      cursor,
      PAGE,
    );
    for (const record of page.contacts) {
      const view = toContactView(record, scope.mask);
      sheet.addRow({
        full_name: view.full_name,
        cel_phone: view.cel_phone ?? '',
        email: view.email ?? '',
        channel: view.channel,
        tags: view.tags.map((tag) => tags.get(tag) ?? tag).join(', '),
        wallet: view.wallet ? (scope.wallets.get(view.wallet)?.name ?? '') : '',
        legal_basis: view.data_protection.legal_basis,
        created_at: view.created_at,
      });
      total += 1;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { content: new Uint8Array(await workbook.xlsx.writeBuffer()), total };
}

export async function runExport(message: JobMessage): Promise<'done' | 'skipped'> {
  const job = await readExportJob(message.companyId, message.jobId);
  if (!job || job.status === 'done') return 'skipped';
  const { content, total } = await buildWorkbook(job);
  const key = exportFileKey(job.company, job._id);
  await putFile(key, content, XLSX_TYPE);
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
