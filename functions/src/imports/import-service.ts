import type { createContactImportBody } from '@atende/shared/contracts/contacts/create-contact-import';
import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import Papa from 'papaparse';
import type { z } from 'zod';
import { loadScope } from '../contacts/scope.ts';
import { inputContext } from '../contacts/service.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { importFileKey, putFile } from './files.ts';
import { createImportJob, type ImportJob, readImportJob, readOutcomes } from './jobs.ts';
import { formatOf, type ParsedSheet, parseSheet } from './parse.ts';
import { CONTACT_IMPORT_QUEUE, enqueueJob } from './queue.ts';

const unreadable = (field: string) =>
  new Invalid(field, `Campo inválido: ${field}: ${ptBR.contacts.importUnreadable}`);

/**
 * POST /contacts/imports: the file is read once here, so a wrong file or a mapping naming a missing column
 * answers 400 at once; the rows themselves are checked by the background consumer.
 */
export async function startImport(auth: AuthContext, body: z.infer<typeof createContactImportBody>) {
  const format = formatOf(body.file_name, body.format);
  if (!format) throw unreadable('file_name');
  const content = new Uint8Array(Buffer.from(body.content_base64, 'base64'));
  let sheet: ParsedSheet;
  try {
    sheet = await parseSheet(content, format);
  } catch {
    throw unreadable('content_base64');
  }
  if (sheet.headers.length === 0) throw unreadable('content_base64');
  const { custom_fields: customColumns, ...columns } = body.mapping;
  const mapped = [
    ...Object.entries(columns).map(([field, header]) => [`mapping.${field}`, header] as const),
    ...Object.entries(customColumns ?? {}).map(
      ([key, header]) => [`mapping.custom_fields.${key}`, header] as const,
    ),
  ];
  for (const [field, header] of mapped) {
    if (header !== undefined && !sheet.headers.includes(header)) {
      throw new Invalid(field, `Campo inválido: ${field}: ${ptBR.contacts.importMissingColumn}`);
    }
  }
  const scope = await loadScope(auth);
  const context = await inputContext(auth.companyId, scope);
  if (body.wallet && !context.wallets.has(body.wallet)) {
    throw new Invalid('wallet', `Campo inválido: wallet: ${ptBR.contacts.walletNotFound}`);
  }
  if (body.tags?.some((tag) => !context.tags.has(tag))) {
    throw new Invalid('tags', `Campo inválido: tags: ${ptBR.contacts.tagNotFound}`);
  }
  const id = newObjectId();
  const key = importFileKey(auth.companyId, id, format);
  await putFile(key, content, format === 'csv' ? 'text/csv' : 'application/octet-stream');
  const job: ImportJob = {
    _id: id,
    company: auth.companyId,
    status: 'queued',
    file_name: body.file_name,
    file_key: key,
    format,
    headers: sheet.headers,
    mapping: body.mapping,
    wallet: body.wallet ?? null,
    tags: body.tags ?? [],
    created_by: auth.employeeId,
    total: sheet.rows.length,
    processed: 0,
    created: 0,
    duplicates: 0,
    errors: 0,
    error_rows: [],
    created_at: new Date().toISOString(),
    finished_at: null,
  };
  await createImportJob(job);
  await enqueueJob(CONTACT_IMPORT_QUEUE, { companyId: auth.companyId, jobId: id });
  return { _id: id };
}

async function requireJob(auth: AuthContext, id: string): Promise<ImportJob> {
  const job = await readImportJob(auth.companyId, id);
  if (!job) throw new NotFound(ptBR.contacts.importNotFound);
  return job;
}

export async function getImport(auth: AuthContext, id: string): Promise<ImportView> {
  const job = await requireJob(auth, id);
  return {
    _id: job._id,
    status: job.status,
    file_name: job.file_name,
    total: job.total,
    processed: job.processed,
    created: job.created,
    duplicates: job.duplicates,
    errors: job.errors,
    error_rows: job.error_rows,
    created_at: job.created_at,
    finished_at: job.finished_at,
  };
}

/** Every refused or duplicate row with its reason and the row's own columns, as a CSV. */
export async function importErrorReport(auth: AuthContext, id: string) {
  const job = await requireJob(auth, id);
  const outcomes = (await readOutcomes(auth.companyId, id)).filter((outcome) => outcome.status !== 'created');
  const headers = job.headers;
  const csv = Papa.unparse({
    fields: ['linha', 'campo', 'motivo', ...headers],
    data: outcomes.map((outcome) => [
      String(outcome.row),
      outcome.field ?? '',
      outcome.reason ?? '',
      ...headers.map((header) => outcome.raw?.[header] ?? ''),
    ]),
  });
  const base = job.file_name.replace(/\.[^.]+$/, '');
  return { file_name: `${base}-erros.csv`, content_type: 'text/csv' as const, csv };
}
