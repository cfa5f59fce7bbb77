import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { presignTmailAttachmentBody } from '@atende/shared/contracts/tmail/presign-tmail-attachment';
import type { updateTmailBody } from '@atende/shared/contracts/tmail/update-tmail';
import type {
  sendTmailBody,
  TmailBox,
  TmailDetail,
  TmailSummary,
} from '@atende/shared/contracts/tmail/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { isObjectId, newObjectId } from '@atende/shared/domain/object-id';
import { tmailPtBR, uploadPtBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { fileExtension } from '@atende/shared/rules/upload';
import type { z } from 'zod';
import type { AuthContext } from '../lib/auth-context.ts';
import { searchEmployees } from '../employees/search.ts';
import { s3Client } from '../lib/s3-client.ts';
import { config } from '../lib/config.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { publishToEmployee } from '../realtime/publish.ts';
import { attachmentKey, BOX_PREFIX, type BoxName, tmailKeys } from './keys.ts';
import { resolveRecipients } from './recipients.ts';
import * as store from './store.ts';

const PRESIGN_EXPIRES_SECONDS = 300;
const DOWNLOAD_EXPIRES_SECONDS = 300;
const SNIPPET_LENGTH = 140;
const MB = 1_048_576;

const summary = (entry: store.EntryRecord): TmailSummary => ({
  _id: entry._id,
  subject: entry.subject,
  snippet: entry.snippet,
  from: entry.from,
  to: entry.to,
  departments: entry.departments,
  created_at: entry.created_at,
  read: entry.read,
  archived: entry.box === 'archived',
  attachments_count: entry.attachments_count,
});

/** A presigned POST for one attachment; the key is built here from the company, the sender and a new id. */
export async function presignAttachment(auth: AuthContext, body: z.infer<typeof presignTmailAttachmentBody>) {
  if (body.size > LIMITS.mediaUploadBytes) {
    throw new Invalid(
      'size',
      interpolate(uploadPtBR.sizeExceeded, { n: Math.round(LIMITS.mediaUploadBytes / MB) }),
    );
  }
  const uploadId = newObjectId();
  const key = attachmentKey(auth.companyId, auth.employeeId, uploadId, fileExtension(body.file_name));
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config().mediaBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, LIMITS.mediaUploadBytes],
      ['eq', '$Content-Type', body.mime_type],
    ],
    Fields: { 'Content-Type': body.mime_type },
    Expires: PRESIGN_EXPIRES_SECONDS,
  });
  return { url, fields, upload_id: uploadId, max_bytes: LIMITS.mediaUploadBytes };
}

export async function sendTmail(
  auth: AuthContext,
  body: z.infer<typeof sendTmailBody>,
): Promise<TmailDetail> {
  const people = await resolveRecipients(auth.companyId, auth.employeeId, body.employees, body.departments);
  const id = newObjectId();
  const now = new Date().toISOString();
  const mail: store.MailRecord = {
    _id: id,
    company: auth.companyId,
    subject: body.subject,
    body: body.body,
    from: people.sender,
    to: people.to,
    departments: people.departments,
    recipients: people.recipients,
    attachments: body.attachments,
    created_at: now,
  };
  const base = {
    _id: id,
    subject: body.subject,
    snippet: body.body.replace(/\s+/g, ' ').slice(0, SNIPPET_LENGTH),
    from: people.sender,
    to: people.to,
    departments: people.departments,
    created_at: now,
    attachments_count: body.attachments.length,
  };
  await store.writeMail(mail, { ...base, box: 'sent', read: true }, { ...base, box: 'inbox', read: false });
  // The mail is stored: a recipient whose frame is lost still finds it in the inbox and the badge count.
  await Promise.all(
    people.recipients.map((employeeId) =>
      publishToEmployee(auth.companyId, employeeId, 'tmail-new', {
        tmail: id,
        from: people.sender.name,
        subject: body.subject,
      }).catch((error: unknown) =>
        logger.warn('tmail-new not delivered', {
          companyId: auth.companyId,
          employeeId,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    ),
  );
  return { ...summary({ ...base, box: 'sent', read: true }), body: body.body, attachments: body.attachments };
}

export async function listTmails(
  auth: AuthContext,
  query: { box: TmailBox; cursor?: string | undefined; limit: number },
) {
  if (query.cursor !== undefined && !isObjectId(query.cursor))
    throw new Invalid('cursor', 'Cursor inválido.');
  const prefix = BOX_PREFIX[query.box];
  const start = query.cursor
    ? tmailKeys.entry(auth.companyId, auth.employeeId, query.box, query.cursor)
    : undefined;
  const page = await store.listEntries(auth.companyId, auth.employeeId, prefix, query.limit, start);
  const lastSk = typeof page.last?.sk === 'string' ? page.last.sk.slice(prefix.length) : undefined;
  return { items: page.items.map(summary), ...(lastSk ? { nextCursor: lastSk } : {}) };
}

const PEOPLE_PAGE = 20;

export async function searchPeople(auth: AuthContext, search: string | undefined) {
  const page = await searchEmployees(auth.companyId, search, undefined, PEOPLE_PAGE);
  return {
    people: page.items
      .filter((employee) => !employee.inactive && employee._id !== auth.employeeId)
      .map((employee) => ({ _id: employee._id, name: employee.name })),
  };
}

export async function unreadTmails(auth: AuthContext) {
  return { unread: await store.countUnread(auth.companyId, auth.employeeId, BOX_PREFIX.inbox) };
}

const received = (entries: store.EntryRecord[]) => entries.find((entry) => entry.box !== 'sent');

/** Opening a received T-mail marks it read; another company's or a stranger's T-mail is not found. */
export async function getTmail(auth: AuthContext, id: string): Promise<TmailDetail> {
  const entries = await store.readEntries(auth.companyId, auth.employeeId, id);
  const own = received(entries) ?? entries[0];
  const mail = own ? await store.readMail(auth.companyId, id) : undefined;
  if (!own || !mail) throw new NotFound(tmailPtBR.notFound);
  if (own.box !== 'sent' && !own.read) await store.setRead(auth.companyId, auth.employeeId, own, true);
  const attachments = await Promise.all(
    mail.attachments.map(async (attachment) => ({
      ...attachment,
      url: await getSignedUrl(
        s3Client(),
        new GetObjectCommand({
          Bucket: config().mediaBucket,
          Key: attachmentKey(
            auth.companyId,
            mail.from._id,
            attachment.upload_id,
            fileExtension(attachment.file_name),
          ),
          ResponseContentDisposition: `attachment; filename="${encodeURIComponent(attachment.file_name)}"`,
        }),
        { expiresIn: DOWNLOAD_EXPIRES_SECONDS },
      ),
    })),
  );
  return { ...summary({ ...own, read: true }), body: mail.body, attachments };
}

export async function updateTmail(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof updateTmailBody>,
): Promise<TmailSummary> {
  let entry = received(await store.readEntries(auth.companyId, auth.employeeId, id));
  if (!entry) throw new NotFound(tmailPtBR.notFound);
  if (body.read !== undefined && body.read !== entry.read) {
    await store.setRead(auth.companyId, auth.employeeId, entry, body.read);
    entry = { ...entry, read: body.read };
  }
  const target: BoxName | undefined =
    body.archived === undefined ? undefined : body.archived ? 'archived' : 'inbox';
  if (target && target !== entry.box) {
    await store.moveEntry(auth.companyId, auth.employeeId, entry, target);
    entry = { ...entry, box: target };
  }
  return summary(entry);
}
