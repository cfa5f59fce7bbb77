import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { type QuotedMessage, quoteHtml, quotePlainText, replySubject, textToHtml } from './quoting.ts';

export interface EmailAddress {
  address: string;
  name?: string | undefined;
}

/** An attachment in memory, or at a URL (a presigned media-bucket URL) that the composer downloads. */
export type OutboundAttachment = { fileName: string; contentType?: string | undefined } & (
  { content: Uint8Array } | { url: string }
);

export interface OutboundEmail {
  /** The integration's address (and the operator's or company's display name). */
  from: EmailAddress;
  to: EmailAddress[];
  subject?: string | undefined;
  text: string;
  attachments?: OutboundAttachment[] | undefined;
  /** The customer message being answered: sets Re:, In-Reply-To, References and the quote. */
  replyTo?: ReplyContext | undefined;
}

export interface ReplyContext {
  /** The Message-ID answered, with angle brackets. */
  messageId: string;
  /** The References chain of the answered message, oldest first. */
  references: string[];
  subject?: string | undefined;
  /** The answered message's text, quoted below the reply; omitted when empty. */
  quoted?: QuotedMessage | undefined;
}

export interface ComposedEmail {
  raw: Buffer;
  /** The Message-ID written into the headers (SES replaces it on the way out; see the transport). */
  messageId: string;
  envelope: { from: string; to: string[] };
}

export interface ComposeOptions {
  /** Dates in the quote's attribution are shown in the company's time zone. */
  timeZone: string;
  /** Tests pin these; production leaves them to the clock and a random id. */
  date?: Date | undefined;
  messageId?: string | undefined;
}

const formatted = (address: EmailAddress): Mail.Address | string =>
  address.name ? { name: address.name, address: address.address } : address.address;

function attachmentsOf(attachments: OutboundAttachment[] | undefined): Mail.Attachment[] {
  return (attachments ?? []).map((attachment) => ({
    filename: attachment.fileName,
    ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
    ...('content' in attachment ? { content: Buffer.from(attachment.content) } : { href: attachment.url }),
  }));
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || 'atende.local';

/**
 * Builds the MIME message of an operator's e-mail: a plain-text and an HTML alternative, attachments, and for
 * a reply the threading headers (In-Reply-To = the answered id, References = its chain plus that id) that
 * every client uses to keep the thread, and the quoted previous message.
 */
export async function composeEmail(email: OutboundEmail, options: ComposeOptions): Promise<ComposedEmail> {
  const messageId = options.messageId ?? `<${randomUUID()}@${domainOf(email.from.address)}>`;
  const reply = email.replyTo;
  const quoted = reply?.quoted?.text.trim() ? reply.quoted : undefined;
  const text = quoted ? quotePlainText(email.text, quoted, options.timeZone) : email.text;
  const html = quoted ? quoteHtml(email.text, quoted, options.timeZone) : textToHtml(email.text);
  const subject = reply ? replySubject(reply.subject ?? email.subject) : (email.subject ?? '');
  const references = reply
    ? [...reply.references.filter((id) => id !== reply.messageId), reply.messageId]
    : [];
  const composer = new MailComposer({
    from: formatted(email.from),
    to: email.to.map(formatted),
    subject,
    text,
    html,
    messageId,
    date: options.date ?? new Date(),
    ...(reply ? { inReplyTo: reply.messageId, references } : {}),
    attachments: attachmentsOf(email.attachments),
  });
  const raw = await composer.compile().build();
  return {
    raw,
    messageId,
    envelope: { from: email.from.address, to: email.to.map((address) => address.address) },
  };
}
