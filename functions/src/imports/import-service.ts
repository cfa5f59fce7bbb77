import type { createContactImportBody } from '@atende/shared/contracts/contacts/create-contact-import';
import type { createContactImportUploadBody } from '@atende/shared/contracts/contacts/create-contact-import-upload';
import { IMPORT_MAX_UPLOAD_BYTES } from '@atende/shared/contracts/contacts/imports';
import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { contactsPtBR, uploadPtBR } from '@atende/shared/i18n/pt-BR';
import { importFieldLabel } from '@atende/shared/rules/import-fields';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { z } from 'zod';
import { loadScope } from '../contacts/scope.ts';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { inputContext } from '../contacts/service.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import {
  contentTypeOf,
  fileStream,
  importFileKey,
  importUploadKey,
  isMissingObject,
  presignUpload,
  putFile,
  UPLOAD_EXPIRES_SECONDS,
} from './files.ts';
import { createImportJob, type ImportJob, readImportJob, readOutcomes } from './jobs.ts';
import { createMissingTags } from './missing-tags.ts';
import { countRows, formatOf, openSheet } from './parse.ts';
import { CONTACT_IMPORT_QUEUE, enqueueJob } from './queue.ts';

const unreadable = (field: string) =>
  new Invalid(field, `Campo inválido: ${field}: ${contactsPtBR.importUnreadable}`);

/** POST /contacts/imports/uploads: where the browser puts a large file before starting its import. */
export async function presignImportUpload(
  auth: AuthContext,
  body: z.infer<typeof createContactImportUploadBody>,
) {
  const format = formatOf(body.file_name);
  if (!format) throw new Invalid('file_name', `Campo inválido: file_name: ${uploadPtBR.unsupportedType}`);
  if (body.size > IMPORT_MAX_UPLOAD_BYTES) {
    const limit = interpolate(uploadPtBR.sizeExceeded, { n: IMPORT_MAX_UPLOAD_BYTES / 1_000_000 });
    throw new Invalid('size', `Campo inválido: size: ${limit}`);
  }
  const upload = newObjectId();
  const key = importUploadKey(auth.companyId, upload, format);
  const { url, fields } = await presignUpload(key, contentTypeOf(format), IMPORT_MAX_UPLOAD_BYTES);
  return {
    upload,
    url,
    fields,
    max_bytes: IMPORT_MAX_UPLOAD_BYTES,
    expires_in: UPLOAD_EXPIRES_SECONDS,
  };
}

/**
 * The import's file, stored under the company's prefix, with its headers and (for a file in the body) its
 * row count; an upload is only opened up to its header row here, and counted by the consumer.
 */
async function importFile(auth: AuthContext, body: z.infer<typeof createContactImportBody>, id: string) {
  const format = formatOf(body.file_name, body.format);
  if (!format) throw unreadable('file_name');
  if (body.upload) {
    const key = importUploadKey(auth.companyId, body.upload, format);
    const source = await fileStream(key).catch((error: unknown) => {
      throw isMissingObject(error) ? unreadable('upload') : error;
    });
    try {
      const sheet = await openSheet(source, format).catch(() => {
        throw unreadable('upload');
      });
      await sheet.close();
      return { key, format, headers: sheet.headers, total: 0, counted: false };
    } finally {
      source.destroy();
    }
  }
  const content = Buffer.from(body.content_base64 ?? '', 'base64');
  let headers: string[];
  let total: number;
  try {
    const sheet = await openSheet(Readable.from([content]), format);
    headers = sheet.headers;
    total = await countRows(sheet);
  } catch {
    throw unreadable('content_base64');
  }
  const key = importFileKey(auth.companyId, id, format);
  if (headers.length > 0) await putFile(key, content, contentTypeOf(format));
  return { key, format, headers, total, counted: true };
}

/**
 * POST /contacts/imports: the file's header row is read here, so a wrong file or a mapping naming a missing
 * column answers 400 at once; the rows themselves are checked by the background consumer.
 */
export async function startImport(auth: AuthContext, body: z.infer<typeof createContactImportBody>) {
  const id = newObjectId();
  const file = await importFile(auth, body, id);
  if (file.headers.length === 0) throw unreadable(body.upload ? 'upload' : 'content_base64');
  const { custom_fields: customColumns, ...columns } = body.mapping;
  const mapped = [
    ...Object.entries(columns).map(([field, header]) => [`mapping.${field}`, header] as const),
    ...Object.entries(customColumns ?? {}).map(
      ([key, header]) => [`mapping.custom_fields.${key}`, header] as const,
    ),
  ];
  for (const [field, header] of mapped) {
    if (header !== undefined && !file.headers.includes(header)) {
      throw new Invalid(field, `Campo inválido: ${field}: ${contactsPtBR.importMissingColumn}`);
    }
  }
  const scope = await loadScope(auth);
  const context = await inputContext(auth.companyId, scope);
  if (body.wallet && !context.wallets.has(body.wallet)) {
    throw new Invalid('wallet', `Campo inválido: wallet: ${contactsPtBR.walletNotFound}`);
  }
  if (body.tags?.some((tag) => !context.tags.has(tag))) {
    throw new Invalid('tags', `Campo inválido: tags: ${contactsPtBR.tagNotFound}`);
  }
  await createMissingTags(auth, body.create_tags ?? []);
  const job: ImportJob = {
    _id: id,
    company: auth.companyId,
    status: 'queued',
    file_name: body.file_name,
    file_key: file.key,
    format: file.format,
    headers: file.headers,
    mapping: body.mapping,
    wallet: body.wallet ?? null,
    tags: body.tags ?? [],
    created_by: auth.employeeId,
    total: file.total,
    counted: file.counted,
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
  if (!job) throw new NotFound(contactsPtBR.importNotFound);
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

/**
 * Every refused or duplicate row with its reason and the row's own columns, as a CSV; the field is named by
 * the label the mapping step showed (custom fields by their label), as the results screen does.
 */
export async function importErrorReport(auth: AuthContext, id: string) {
  const job = await requireJob(auth, id);
  const [all, customFields] = await Promise.all([
    readOutcomes(auth.companyId, id),
    listCatalogue(customFieldCatalogue, auth.companyId),
  ]);
  const outcomes = all.filter((outcome) => outcome.status !== 'created');
  const customLabels = new Map(customFields.map((field) => [field.key, field.label]));
  const headers = job.headers;
  const csv = Papa.unparse({
    fields: ['linha', 'campo', 'motivo', ...headers],
    data: outcomes.map((outcome) => [
      String(outcome.row),
      outcome.field ? importFieldLabel(outcome.field, customLabels) : '',
      outcome.reason ?? '',
      ...headers.map((header) => outcome.raw?.[header] ?? ''),
    ]),
  });
  const base = job.file_name.replace(/\.[^.]+$/, '');
  return { file_name: `${base}-erros.csv`, content_type: 'text/csv' as const, csv };
}
