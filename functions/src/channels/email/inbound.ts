import { type Authenticity, headerAuthenticity } from './authenticity.ts';
import type { InboundMessage } from '@atende/shared/channels/inbound';
import { createHash } from 'node:crypto';
import PostalMime, { type Address, type Email } from 'postal-mime';
import type { IntegrationRef, MediaKind } from '../adapter.ts';
import { htmlToText } from './html-text.ts';
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

/** A header's message id in angle brackets, as the parser this replaced gave it (trimmed, both ends closed). */
function messageIdFormat(value: string): string | undefined {
  const id = value.trim();
  if (!id) return undefined;
  return `${id.startsWith('<') ? '' : '<'}${id}${id.endsWith('>') ? '' : '>'}`;
}

/**
 * Types some senders label application/octet-stream, known by the file's extension, so a photo still shows
 * as an image in the inbox.
 */
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  amr: 'audio/amr',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

function attachmentType(mimeType: string, fileName: string | null): string {
  const declared = mimeType || 'application/octet-stream';
  if (declared !== 'application/octet-stream' || !fileName) return declared;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? declared;
}

/** By the MIME family alone: an e-mail attachment of any other type is a document to download. */
function kindOf(contentType: string): MediaKind {
  const family = contentType.split('/')[0]?.toLowerCase();
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'doc';
}

const digest = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** An id too long for the exactly-once key is replaced by its digest, stable across redeliveries. */
const fitted = (id: string) => (id.length <= ID_LIMIT ? id : `<${digest(id)}@digest>`);

function listOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(/\s+/).filter(Boolean).map(bracketed);
}

/** The ids this e-mail answers, nearest first: In-Reply-To, then References from the newest back. */
export function threadKeys(parsed: Pick<Email, 'inReplyTo' | 'references'>): string[] {
  const inReplyTo = parsed.inReplyTo === undefined ? undefined : messageIdFormat(parsed.inReplyTo);
  const keys = [...listOf(inReplyTo), ...listOf(parsed.references).reverse()];
  return [...new Set(keys.map(fitted))];
}

/** The first mailbox with an address, a group's members included. */
export function firstAddress(field: Address | Address[] | undefined) {
  const addresses = Array.isArray(field) ? field : field ? [field] : [];
  return addresses
    .flatMap((address) => (address.group ? address.group : [address]))
    .find((mailbox) => mailbox.address);
}

/** Every value of a header, in order (a header may repeat). */
export const headerValues = (parsed: Pick<Email, 'headers'>, key: string): string[] =>
  parsed.headers.filter((header) => header.key === key).map((header) => header.value);

/**
 * Robots answering robots would loop: auto-replies (RFC 3834 Auto-Submitted) and delivery reports are not
 * customer messages.
 */
function automatedReason(parsed: Email): string | undefined {
  const [autoSubmitted] = headerValues(parsed, 'auto-submitted');
  if (autoSubmitted !== undefined && autoSubmitted.trim().toLowerCase() !== 'no') return 'automatic reply';
  const [contentType] = headerValues(parsed, 'content-type');
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'multipart/report') return 'delivery report';
  return undefined;
}

export interface ParseEmailOptions {
  /** When the e-mail reached us: used when it carries no Date header. */
  receivedAt: Date;
  /** The receiving service's verdict (SES); else read from the Authentication-Results headers. */
  authenticity?: Authenticity;
}

/** The Date header, or the time the e-mail reached us when it has none or it does not parse. */
function sentAt(parsed: Email, receivedAt: Date): Date {
  const date = parsed.date === undefined ? undefined : new Date(parsed.date);
  return date && !Number.isNaN(date.getTime()) ? date : receivedAt;
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
  const parsed = await PostalMime.parse(raw);
  const sender = firstAddress(parsed.from);
  if (!sender?.address) return { items: [], ignored: ['no sender address'] };
  const automated = automatedReason(parsed);
  if (automated) return { items: [], ignored: [`${automated} from ${sender.address}`] };

  const ownId = parsed.messageId === undefined ? undefined : messageIdFormat(parsed.messageId);
  const messageId = fitted(ownId ?? `<${digest(raw)}@no-message-id>`);
  const replyTo = threadKeys(parsed);
  const body = parsed.text ?? (parsed.html ? htmlToText(parsed.html) : '');
  const text = (replyTo.length ? stripQuotedReply(body) : body).trim().slice(0, TEXT_LIMIT);
  const address = sender.address.toLowerCase();
  const authenticity =
    options.authenticity ?? headerAuthenticity(headerValues(parsed, 'authentication-results'));
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
    sentAt: sentAt(parsed, options.receivedAt).toISOString(),
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
    const contentType = attachmentType(attachment.mimeType, attachment.filename);
    const content =
      typeof attachment.content === 'string'
        ? new TextEncoder().encode(attachment.content)
        : new Uint8Array(attachment.content);
    items.push({
      event: { ...base, ...threading(items.length) },
      attachment: {
        kind: kindOf(contentType),
        fileName,
        contentType,
        size: content.byteLength,
        content,
      },
    });
  });
  return { items, ignored: [] };
}
