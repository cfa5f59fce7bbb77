import { type Authenticity, headerAuthenticity } from './authenticity.ts';
import type { InboundMessage } from '@atende/shared/channels/inbound';
import { createHash } from 'node:crypto';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import type { IntegrationRef, MediaKind } from '../adapter.ts';
import { PART_SEPARATOR } from './message-id.ts';
import { stripQuotedReply } from './quoting.ts';

/** An attachment of an inbound e-mail, in memory: the caller stores it in the media bucket and sets `event.media`. */
export interface EmailAttachment {
  kind: MediaKind;
  fileName: string;
  contentType: string;
  size: number;
  content: Uint8Array;
}

/**
 * The text of the e-mail comes first; each attachment follows as a message of its own (the inbox shows one
 * media per message). An e-mail without text starts with its first attachment.
 */
export type ParsedEmailItem =
  { event: InboundMessage; attachment?: undefined } | { event: InboundMessage; attachment: EmailAttachment };

export interface ParsedEmail {
  items: ParsedEmailItem[];
  /** Why the e-mail (or part of it) was skipped, for the log. */
  ignored: string[];
}

const TEXT_LIMIT = 100_000;
const ID_LIMIT = 256;

/** Message-IDs are kept with their angle brackets, the form In-Reply-To and References carry them in. */
const bracketed = (id: string) => (id.startsWith('<') ? id : `<${id}>`);

/** By the MIME family alone: an e-mail attachment of any other type is a document to download. */
function kindOf(contentType: string): MediaKind {
  const family = contentType.split('/')[0]?.toLowerCase();
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'doc';
}

const digest = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** An id too long for the exactly-once key is replaced by its digest, stable across redeliveries. */
const fitted = (id: string) => (id.length <= ID_LIMIT ? id : `<${digest(id)}@digest>`);

function listOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : value.split(/\s+/)).filter(Boolean).map(bracketed);
}

/** The ids this e-mail answers, nearest first: In-Reply-To, then References from the newest back. */
export function threadKeys(parsed: Pick<ParsedMail, 'inReplyTo' | 'references'>): string[] {
  const keys = [...listOf(parsed.inReplyTo), ...listOf(parsed.references).reverse()];
  return [...new Set(keys.map(fitted))];
}

function firstAddress(field: AddressObject | AddressObject[] | undefined) {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value).find((address) => address.address);
}

/**
 * Robots answering robots would loop: auto-replies (RFC 3834 Auto-Submitted) and delivery reports are not
 * customer messages.
 */
function automatedReason(parsed: ParsedMail): string | undefined {
  const autoSubmitted = parsed.headers.get('auto-submitted');
  if (typeof autoSubmitted === 'string' && autoSubmitted.toLowerCase() !== 'no') return 'automatic reply';
  const contentType = parsed.headers.get('content-type');
  const report = typeof contentType === 'object' && contentType !== null && 'value' in contentType;
  if (report && String(contentType.value).toLowerCase() === 'multipart/report') return 'delivery report';
  return undefined;
}

export interface ParseEmailOptions {
  /** When the e-mail reached us: used when it carries no Date header. */
  receivedAt: Date;
  /** The receiving service's verdict (SES); else read from the Authentication-Results headers. */
  authenticity?: Authenticity;
}

function authenticationResults(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry)));
}

/**
 * Normalizes a raw MIME e-mail (from the SES receipt rule's S3 object, or the local SMTP server). The
 * Message-ID is the exactly-once key; a message without one gets a digest of its bytes, which a redelivery
 * repeats. Inline images of the HTML body (signatures, logos) are not attachments.
 */
export async function parseInboundEmail(
  raw: Uint8Array | string,
  integration: IntegrationRef,
  options: ParseEmailOptions,
): Promise<ParsedEmail> {
  const parsed = await simpleParser(Buffer.from(raw));
  const sender = firstAddress(parsed.from);
  if (!sender?.address) return { items: [], ignored: ['no sender address'] };
  const automated = automatedReason(parsed);
  if (automated) return { items: [], ignored: [`${automated} from ${sender.address}`] };

  const messageId = fitted(parsed.messageId ? bracketed(parsed.messageId) : `<${digest(raw)}@no-message-id>`);
  const replyTo = threadKeys(parsed);
  const body = parsed.text ?? '';
  const text = (replyTo.length ? stripQuotedReply(body) : body).trim().slice(0, TEXT_LIMIT);
  const address = sender.address.toLowerCase();
  const authenticity =
    options.authenticity ??
    headerAuthenticity(authenticationResults(parsed.headers.get('authentication-results')));
  const base = {
    kind: 'message',
    companyId: integration.companyId,
    integrationId: integration.integrationId,
    channel: 'email',
    from: {
      externalId: address,
      email: address,
      ...(sender.name ? { name: sender.name.slice(0, 256) } : {}),
    },
    sentAt: (parsed.date ?? options.receivedAt).toISOString(),
    ...(parsed.subject ? { subject: parsed.subject.slice(0, 998) } : {}),
    ...(authenticity === 'fail' ? { suspicious: true } : {}),
  } as const;

  const attachments = parsed.attachments.filter((attachment) => !attachment.related);
  const withText = Boolean(text) || attachments.length === 0;
  // The first message carries the Message-ID itself; the others answer it, so they land in the same conversation.
  const threading = (position: number) =>
    position === 0
      ? { providerMessageId: messageId, ...(replyTo.length ? { replyTo } : {}) }
      : {
          providerMessageId: fitted(`${messageId}${PART_SEPARATOR}${position}`),
          replyTo: [messageId, ...replyTo],
        };
  const items: ParsedEmailItem[] = withText
    ? [{ event: { ...base, ...threading(0), ...(text ? { text } : {}) } }]
    : [];
  attachments.forEach((attachment, index) => {
    const fileName = attachment.filename ?? `anexo-${index + 1}`;
    const contentType = attachment.contentType || 'application/octet-stream';
    items.push({
      event: { ...base, ...threading(items.length) },
      attachment: {
        kind: kindOf(contentType),
        fileName,
        contentType,
        size: attachment.size,
        content: new Uint8Array(attachment.content),
      },
    });
  });
  return { items, ignored: [] };
}
