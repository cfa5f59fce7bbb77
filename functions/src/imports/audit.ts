import type { TransactItem } from '../lib/dynamo/transaction.ts';
import { actorOf } from '../contacts/audit.ts';
import { auditItem } from '../audit/store.ts';
import type { ExportJob } from './export-service.ts';
import type { ImportJob } from './jobs.ts';

/** The import's end in the audit trail, in the name of who started it, with its counts. */
export async function importAudit(job: ImportJob): Promise<TransactItem> {
  return auditItem(job.company, await actorOf(job.company, job.created_by), {
    entity: 'contact_import',
    entityId: job._id,
    action: 'finish',
    before: null,
    after: {
      file_name: job.file_name,
      total: job.total,
      created: job.created,
      duplicates: job.duplicates,
      errors: job.errors,
      wallet: job.wallet,
      tags: job.tags,
    },
  });
}

/** An export asked for: what it holds (its filter). */
export async function exportAudit(job: ExportJob): Promise<TransactItem> {
  return auditItem(job.company, await actorOf(job.company, job.employee), {
    entity: 'contact_export',
    entityId: job._id,
    action: 'request',
    before: null,
    after: { file_name: job.file_name, wallet: job.wallet, tags: job.tags },
  });
}
