import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';

/** Largest accepted import body: a 7 MB file in base64 (API Gateway's own limit is 10 MB). */
export const IMPORT_MAX_BODY_BYTES = 10_000_000;

/** Largest file uploaded straight to the bucket (POST /contacts/imports/uploads): 100,000+ rows fit. */
export const IMPORT_MAX_UPLOAD_BYTES = 50_000_000;

/** Contact fields a file column can feed; `custom:<key>` feeds a custom field. */
export const IMPORT_TARGETS = ['full_name', 'cel_phone', 'email', 'tags'] as const;

const required = formsPtBR.requiredField;

/**
 * Column mapping: contact field → the file's column header. full_name is required; `tags` is a column of tag
 * names separated by commas or semicolons; `custom_fields` maps custom field keys to headers.
 */
export const importMapping = z.object({
  full_name: z.string({ error: required }).trim().min(1, required).max(120),
  cel_phone: z.string().trim().min(1).max(120).optional(),
  email: z.string().trim().min(1).max(120).optional(),
  tags: z.string().trim().min(1).max(120).optional(),
  custom_fields: z.record(z.string().max(64), z.string().max(120)).optional(),
});
export type ImportMapping = z.infer<typeof importMapping>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importStatus = z.enum(IMPORT_STATUSES);

export const importError = z.object({
  /** 1-based data row (the header is row 0). */
  row: z.number().int().nonnegative(),
  field: z.string(),
  reason: z.string(),
});

export const importView = z.object({
  _id: objectId,
  status: importStatus,
  file_name: z.string(),
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  /** Rows matching an existing contact by phone or e-mail: skipped, never duplicated. */
  duplicates: z.number().int().nonnegative(),
  /** Count of rows refused; the first ones are listed in `error_rows`, all of them in the report. */
  errors: z.number().int().nonnegative(),
  error_rows: z.array(importError),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportView = z.infer<typeof importView>;

export const importIdParams = z.object({ id: objectId });
