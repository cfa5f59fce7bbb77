import type { createContactExportBody } from '@atende/shared/contracts/contacts/create-contact-export';
import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import type { RoleName } from '@atende/shared/contracts/types';
import { newObjectId } from '@atende/shared/domain/object-id';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { contactKeys } from '../contacts/keys.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { NotFound } from '../lib/errors.ts';
import { exportAudit } from './audit.ts';
import { DOWNLOAD_EXPIRES_SECONDS, downloadUrl } from './files.ts';
import { CONTACT_EXPORT_QUEUE, enqueueJob } from './queue.ts';

export const exportJob = z
  .object({
    _id: z.string(),
    company: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    /** Who asked: the export holds what they may see, masked as they would see it. */
    employee: z.string(),
    role: z.enum(['admin', 'manager', 'operator']),
    wallet: z.string().nullable(),
    tags: z.array(z.string()),
    file_key: z.string().nullable(),
    file_name: z.string(),
    /** The contacts' export is a spreadsheet; a wallet's is CSV (older jobs carry no format). */
    format: z.enum(['xlsx', 'csv']).default('xlsx'),
    total: z.number().int(),
    /** Rows written so far, kept page by page so the screen can show progress. */
    processed: z.number().int().default(0),
    /** Rows expected when the job started (a wallet's customers_count), when known. */
    expected: z.number().int().nullable().default(null),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .loose();
export type ExportJob = z.infer<typeof exportJob>;

const table = () => config().mainTable;

export async function readExportJob(companyId: string, id: string): Promise<ExportJob | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: contactKeys.exportJob(companyId, id), ConsistentRead: true }),
  );
  return Item ? exportJob.parse(Item) : undefined;
}

export async function saveExportResult(
  job: ExportJob,
  result: Pick<ExportJob, 'status' | 'file_key' | 'total'>,
): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: contactKeys.exportJob(job.company, job._id),
      UpdateExpression: 'SET #status = :status, file_key = :key, #total = :total, finished_at = :at',
      ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
      ExpressionAttributeValues: {
        ':status': result.status,
        ':key': result.file_key,
        ':total': result.total,
        ':at': new Date().toISOString(),
      },
    }),
  );
}

export async function saveExportProgress(job: ExportJob, processed: number): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: contactKeys.exportJob(job.company, job._id),
      UpdateExpression: 'SET #status = :running, #processed = :processed',
      ConditionExpression: '#status <> :done',
      ExpressionAttributeNames: { '#status': 'status', '#processed': 'processed' },
      ExpressionAttributeValues: { ':running': 'running', ':done': 'done', ':processed': processed },
    }),
  );
}

export interface ExportOptions {
  format: ExportJob['format'];
  fileName: string;
  expected: number | null;
}

export async function startExport(
  auth: AuthContext,
  body: z.infer<typeof createContactExportBody>,
  options?: ExportOptions,
) {
  const now = new Date();
  const job: ExportJob = {
    _id: newObjectId(),
    company: auth.companyId,
    status: 'queued',
    employee: auth.employeeId,
    role: auth.role satisfies RoleName,
    wallet: body.wallet ?? null,
    tags: body.tags ?? [],
    file_key: null,
    file_name: options?.fileName ?? `contatos-${now.toISOString().slice(0, 10)}.xlsx`,
    format: options?.format ?? 'xlsx',
    total: 0,
    processed: 0,
    expected: options?.expected ?? null,
    created_at: now.toISOString(),
    finished_at: null,
  };
  await clients().document.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: { ...contactKeys.exportJob(auth.companyId, job._id), entity: 'contact_export', ...job },
          },
        },
        await exportAudit(job),
      ],
    }),
  );
  await enqueueJob(CONTACT_EXPORT_QUEUE, { companyId: auth.companyId, jobId: job._id });
  return { _id: job._id };
}

/** The caller's own export (any, for an admin); another's, or one of another company, is not found. */
export async function requireOwnExport(auth: AuthContext, id: string): Promise<ExportJob> {
  const job = await readExportJob(auth.companyId, id);
  if (!job || (auth.role !== 'admin' && job.employee !== auth.employeeId)) {
    throw new NotFound(contactsPtBR.exportNotFound);
  }
  return job;
}

/** The export's state; once done, with a download link that works for a few minutes. */
export async function getExport(auth: AuthContext, id: string): Promise<ExportView> {
  return exportViewOf(await requireOwnExport(auth, id));
}

export async function exportViewOf(job: ExportJob): Promise<ExportView> {
  const ready = job.status === 'done' && job.file_key;
  return {
    _id: job._id,
    status: job.status,
    total: job.total,
    processed: job.status === 'done' ? job.total : job.processed,
    expected: job.expected,
    created_at: job.created_at,
    finished_at: job.finished_at,
    url: ready ? await downloadUrl(job.file_key as string, job.file_name) : null,
    expires_in: ready ? DOWNLOAD_EXPIRES_SECONDS : null,
    file_name: job.file_name,
  };
}
