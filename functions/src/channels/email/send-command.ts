import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';

export const EMAIL_SEND_QUEUE_ID = 'email-send';

/**
 * What the e-mail consumer sends. Producers name what to send, never the MIME message: composing (nodemailer)
 * and SES live in the consumer's Lambda only, which keeps every delivering Lambda small.
 */
export const emailSendCommand = z.discriminatedUnion('kind', [
  z.object({
    /** A pending outbound message of an e-mail conversation: the consumer reads it and settles its status. */
    kind: z.literal('message'),
    companyId: objectId,
    conversationId: z.string().min(1).max(64),
    messageId: objectId,
    integrationId: objectId,
  }),
  z.object({
    /** A plain-text mail to a person about their account (invitation, sign-up, mailbox code). */
    kind: z.literal('account'),
    to: z.string().min(3).max(320),
    subject: z.string().min(1).max(998),
    text: z.string().min(1).max(100_000),
  }),
]);
export type EmailSendCommand = z.infer<typeof emailSendCommand>;

/** A conversation's mails leave in the order they were written; account mails go one group per address. */
export const emailSendGroupOf = (command: EmailSendCommand): string =>
  command.kind === 'message'
    ? `${command.companyId}:${command.conversationId}`
    : `account:${command.to.toLowerCase()}`;
