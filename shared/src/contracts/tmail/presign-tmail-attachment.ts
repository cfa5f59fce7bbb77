import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const presignTmailAttachmentBody = z.object({
  file_name: z.string().trim().min(1).max(256),
  mime_type: z.string().trim().min(1).max(128),
  size: z.number().int().positive(),
});

/** A presigned POST for one attachment (15 MB); send its `upload_id` with the T-mail. */
export const presignTmailAttachmentResponse = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  upload_id: objectId,
  max_bytes: z.number().int().positive(),
});

export const presignTmailAttachment = defineRoute({
  id: 'tmail.presign-attachment',
  method: 'POST',
  path: '/tmail/attachments',
  domain: 'tmail',
  auth: 'employee',
  body: presignTmailAttachmentBody,
  response: presignTmailAttachmentResponse,
  maxBodyBytes: 4096,
});
