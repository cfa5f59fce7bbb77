import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR, tmailPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

/** Most people and departments one T-mail may name before departments are expanded. */
export const TMAIL_MAX_RECIPIENTS = 200;
export const TMAIL_MAX_ATTACHMENTS = 10;

export const TMAIL_BOXES = ['inbox', 'sent', 'archived'] as const;
export const tmailBox = z.enum(TMAIL_BOXES);
export type TmailBox = z.infer<typeof tmailBox>;

export const tmailPerson = z.object({ _id: objectId, name: z.string() });

/** An attachment the browser uploaded; the server rebuilds its key from the company, sender and upload id. */
export const tmailAttachmentRef = z.object({
  upload_id: objectId,
  file_name: z.string().trim().min(1).max(256),
  mime_type: z.string().trim().min(1).max(128),
  size: z.number().int().positive(),
});

export const tmailAttachmentView = tmailAttachmentRef.extend({ url: z.string().optional() });

export const sendTmailBody = z
  .object({
    employees: z.array(objectId).max(TMAIL_MAX_RECIPIENTS).default([]),
    departments: z.array(objectId).max(TMAIL_MAX_RECIPIENTS).default([]),
    subject: z.string({ error: required }).trim().min(1, required).max(200),
    body: z.string({ error: required }).trim().min(1, required).max(20_000),
    attachments: z.array(tmailAttachmentRef).max(TMAIL_MAX_ATTACHMENTS).default([]),
  })
  .refine((value) => value.employees.length + value.departments.length > 0, {
    message: tmailPtBR.noRecipients,
    path: ['employees'],
  });

/** One line of a box: the mail's summary and the reader's own state. */
export const tmailSummary = z.object({
  _id: objectId,
  subject: z.string(),
  snippet: z.string(),
  from: tmailPerson,
  to: z.array(tmailPerson),
  departments: z.array(tmailPerson),
  created_at: z.iso.datetime(),
  read: z.boolean(),
  archived: z.boolean(),
  attachments_count: z.number().int().nonnegative(),
});
export type TmailSummary = z.infer<typeof tmailSummary>;

export const tmailDetail = tmailSummary.extend({
  body: z.string(),
  attachments: z.array(tmailAttachmentView),
});
export type TmailDetail = z.infer<typeof tmailDetail>;

export const tmailIdParams = z.object({ id: objectId });
