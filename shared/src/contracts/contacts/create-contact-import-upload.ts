import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { IMPORT_ACCESS } from './access.ts';

export const createContactImportUploadBody = z.object({
  file_name: z.string().trim().min(1).max(200),
  size: z.number().int().positive(),
});

/**
 * A presigned POST straight to the bucket, for files too large for a JSON body: `fields` go first in the
 * multipart form, then the file; the policy pins the key and the size limit (IMPORT_MAX_UPLOAD_BYTES). Then
 * POST /contacts/imports with `{upload, file_name, mapping}`.
 */
export const contactImportUploadResponse = z.object({
  upload: objectId,
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  max_bytes: z.number().int().positive(),
  expires_in: z.number().int().positive(),
});

export const createContactImportUpload = defineRoute({
  id: 'contacts.imports.upload',
  method: 'POST',
  path: '/contacts/imports/uploads',
  domain: 'contacts',
  auth: 'employee',
  access: IMPORT_ACCESS,
  body: createContactImportUploadBody,
  response: contactImportUploadResponse,
  maxBodyBytes: 4096,
});
