import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const exportView = z.object({
  _id: objectId,
  status: z.enum(EXPORT_STATUSES),
  total: z.number().int().nonnegative(),
  /** Rows written so far (progress); `expected` is the row count foreseen at the start, when known. */
  processed: z.number().int().nonnegative(),
  expected: z.number().int().nonnegative().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** A short-lived presigned GET of the XLSX, present once done. */
  url: z.string().nullable(),
  expires_in: z.number().int().positive().nullable(),
  file_name: z.string(),
});
export type ExportView = z.infer<typeof exportView>;

export const exportIdParams = z.object({ id: objectId });
