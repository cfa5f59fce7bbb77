import * as z from 'zod';
import { fileKindSchema } from '../../domain/message.ts';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const presignMediaBody = z.object({
  conversation: objectId,
  file_name: z.string().trim().min(1).max(256),
  mime_type: z.string().trim().min(1).max(128),
  size: z.number().int().positive(),
});

/**
 * A presigned POST straight to the media bucket: `fields` go first in the multipart form, then the file. The
 * policy pins the key, the content type and the size limit (15 MB; 100 MB on a gupshup integration). Then send
 * `{file_name, file_type, file_path}` to trigger-media.
 */
export const presignMediaResponse = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  file_path: z.string(),
  file_type: fileKindSchema,
  max_bytes: z.number().int().positive(),
  expires_in: z.number().int().positive(),
});

export const presignMedia = defineRoute({
  id: 'messages.presign-media',
  method: 'POST',
  path: '/messages/media/presign',
  domain: 'messages',
  auth: 'employee',
  body: presignMediaBody,
  response: presignMediaResponse,
  maxBodyBytes: 4096,
});
