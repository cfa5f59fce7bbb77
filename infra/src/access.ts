import { type HandlerRef, handlerRef } from '@atende/shared/infra/handlers';

export type BucketAccess = 'read' | 'readWrite';

export interface BucketUser {
  handler: HandlerRef;
  access: BucketAccess;
}

/**
 * The Lambda handlers that touch each application bucket; no other function gets S3 rights on it.
 * test/access.test.ts walks every handler's imports and fails when one reaches a module naming the bucket
 * (`config().mediaBucket`, `config().exportsBucket`) without being listed here.
 */
export const BUCKET_USERS: Readonly<Record<'media' | 'exports', readonly BucketUser[]>> = {
  media: [
    // The health check only asks whether the bucket answers (HeadBucket).
    { handler: handlerRef('health/handler'), access: 'read' },
    { handler: handlerRef('messages/handler'), access: 'readWrite' },
    // Conversations and auto-close only presign downloads of stored media.
    { handler: handlerRef('conversations/handler'), access: 'read' },
    { handler: handlerRef('conversations/inbound-consumer'), access: 'readWrite' },
    { handler: handlerRef('conversations/auto-close'), access: 'read' },
    // A bot resumed after a wait sends like any bot turn (a message node's media is presigned for the channel).
    { handler: handlerRef('flows/wait-resume'), access: 'read' },
    // The evaluation question goes out like a bot message.
    { handler: handlerRef('conversations/evaluation-consumer'), access: 'read' },
    { handler: handlerRef('channels/email/receipt-handler'), access: 'readWrite' },
    // The e-mail consumer reads an operator's file to attach it.
    { handler: handlerRef('channels/email/send-consumer'), access: 'read' },
    // T-mail signs attachment uploads (a presigned POST carries the signer's PutObject right) and downloads.
    { handler: handlerRef('tmail/handler'), access: 'readWrite' },
    { handler: handlerRef('faq/handler'), access: 'readWrite' },
    { handler: handlerRef('profile/handler'), access: 'readWrite' },
    // Knowledge PDF/DOCX: the AI API presigns their upload and deletes them; the extract consumer reads them.
    { handler: handlerRef('ai/handler'), access: 'readWrite' },
    { handler: handlerRef('ai/extract-consumer'), access: 'read' },
  ],
  exports: [
    { handler: handlerRef('contacts/handler'), access: 'readWrite' },
    { handler: handlerRef('imports/import-consumer'), access: 'readWrite' },
    { handler: handlerRef('imports/export-consumer'), access: 'readWrite' },
    // Wallet exports share the contacts' export service (presigned downloads; the consumer writes the file).
    { handler: handlerRef('wallets/handler'), access: 'readWrite' },
  ],
};

/**
 * The Lambda handlers that send e-mail through SES (the e-mail channel's replies, account and invitation mails):
 * only they may call ses:SendEmail, on the configured sending identities. test/ses.test.ts walks every
 * handler's imports and fails when one reaches the e-mail transport without being listed here.
 */
export const EMAIL_SENDERS: readonly HandlerRef[] = [
  // Everything else queues its mails (channels/email/send-queue.ts); only the e-mail consumer talks to SES.
  handlerRef('channels/email/send-consumer'),
];

/** The module whose import means "sends e-mail" (SES in AWS, the sandbox's SMTP sink locally). */
export const EMAIL_TRANSPORT_MODULE = 'channels/email/environment-transport.ts';
