import type { DeliveryStatus } from '@atende/shared/channels/inbound';
import type { CloseReason, SessionOutbound } from './connector.ts';

/**
 * Pure translations between Baileys' shapes and the connector's, kept apart from the socket so they can be
 * tested with recorded messages. The types below are the parts of Baileys' proto objects that are read;
 * Baileys' own objects satisfy them.
 */

type Timestamp = number | string | { toNumber(): number } | null | undefined;

export interface RecordedKey {
  remoteJid?: string | null;
  remoteJidAlt?: string | null;
  fromMe?: boolean | null;
  id?: string | null;
  participant?: string | null;
}

interface MediaFields {
  mimetype?: string | null;
  caption?: string | null;
  fileName?: string | null;
}

export interface RecordedContent {
  conversation?: string | null;
  extendedTextMessage?: { text?: string | null } | null;
  imageMessage?: MediaFields | null;
  videoMessage?: MediaFields | null;
  audioMessage?: MediaFields | null;
  documentMessage?: MediaFields | null;
  stickerMessage?: MediaFields | null;
  locationMessage?: { degreesLatitude?: number | null; degreesLongitude?: number | null } | null;
  contactMessage?: { displayName?: string | null } | null;
  buttonsResponseMessage?: { selectedDisplayText?: string | null } | null;
  listResponseMessage?: { title?: string | null } | null;
  ephemeralMessage?: { message?: RecordedContent | null } | null;
  viewOnceMessage?: { message?: RecordedContent | null } | null;
  viewOnceMessageV2?: { message?: RecordedContent | null } | null;
  documentWithCaptionMessage?: { message?: RecordedContent | null } | null;
}

export interface RecordedMessage {
  key: RecordedKey;
  message?: RecordedContent | null;
  messageTimestamp?: Timestamp;
  pushName?: string | null;
}

export interface MappedInbound {
  id: string;
  from: string;
  pushName: string | undefined;
  text: string | undefined;
  media: { kind: 'image' | 'audio' | 'video' | 'doc'; mimeType: string; fileName: string } | undefined;
  sentAt: Date;
}

const PHONE_SERVERS = new Set(['s.whatsapp.net', 'c.us']);

/** The digits of a phone-number JID ('5585...:3@s.whatsapp.net' → '5585...'); undefined for lid, groups... */
export function phoneOfJid(jid: string | null | undefined): string | undefined {
  if (!jid) return undefined;
  const [user = '', server = ''] = jid.split('@');
  const digits = user.split(':')[0] ?? '';
  return PHONE_SERVERS.has(server) && /^\d{6,20}$/.test(digits) ? digits : undefined;
}

export const jidOfPhone = (phone: string): string => `${phone}@s.whatsapp.net`;

/** WhatsApp now addresses some chats by LID; Baileys 7 then gives the phone JID in `remoteJidAlt`. */
export const customerPhone = (key: RecordedKey): string | undefined =>
  phoneOfJid(key.remoteJid) ?? phoneOfJid(key.remoteJidAlt);

function unwrap(content: RecordedContent | null | undefined): RecordedContent | undefined {
  let current = content ?? undefined;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const inner =
      current.ephemeralMessage?.message ??
      current.viewOnceMessage?.message ??
      current.viewOnceMessageV2?.message ??
      current.documentWithCaptionMessage?.message;
    if (!inner) return current;
    current = inner;
  }
  return current;
}

function seconds(value: Timestamp): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value) || undefined;
  return value.toNumber();
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'application/pdf': 'pdf',
};

function mediaOf(content: RecordedContent, id: string): MappedInbound['media'] {
  const candidates = [
    ['image', content.imageMessage, 'image/jpeg'],
    ['video', content.videoMessage, 'video/mp4'],
    ['audio', content.audioMessage, 'audio/ogg'],
    ['doc', content.documentMessage, 'application/octet-stream'],
    ['image', content.stickerMessage, 'image/webp'],
  ] as const;
  for (const [kind, fields, fallback] of candidates) {
    if (!fields) continue;
    const mimeType = (fields.mimetype ?? fallback).split(';')[0]?.trim() || fallback;
    const extension = EXTENSIONS[mimeType] ?? 'bin';
    return { kind, mimeType, fileName: fields.fileName || `${kind}-${id}.${extension}` };
  }
  return undefined;
}

function textOf(content: RecordedContent): string | undefined {
  const location = content.locationMessage;
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.contactMessage?.displayName ??
    (location
      ? `https://maps.google.com/?q=${location.degreesLatitude ?? 0},${location.degreesLongitude ?? 0}`
      : undefined) ??
    undefined
  );
}

/**
 * A customer's message as the connector hands it on; undefined for what the inbox does not take: the
 * business's own messages (sent from the phone), groups, status broadcasts, and protocol or reaction frames
 * with nothing to show.
 */
export function inboundOf(message: RecordedMessage, now = new Date()): MappedInbound | undefined {
  const { key } = message;
  if (key.fromMe || !key.id) return undefined;
  const from = customerPhone(key);
  const content = unwrap(message.message);
  if (!from || !content) return undefined;
  const media = mediaOf(content, key.id);
  const text = textOf(content);
  if (!media && !text) return undefined;
  const at = seconds(message.messageTimestamp);
  return {
    id: key.id,
    from,
    pushName: message.pushName ?? undefined,
    text: text || undefined,
    media,
    sentAt: at ? new Date(at * 1000) : now,
  };
}

/** proto.WebMessageInfo.Status: ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5. */
const STATUSES: Record<number, DeliveryStatus> = {
  0: 'failed',
  1: 'pending',
  2: 'sent',
  3: 'delivered',
  4: 'read',
  5: 'read',
};

/** The delivery status of one of our messages in a `messages.update`; undefined for anything else. */
export function statusOf(update: {
  key: RecordedKey;
  update: { status?: number | null };
}): { id: string; status: DeliveryStatus } | undefined {
  const status = update.update.status;
  if (!update.key.fromMe || !update.key.id || status === null || status === undefined) return undefined;
  const mapped = STATUSES[status];
  return mapped && { id: update.key.id, status: mapped };
}

/** Baileys' DisconnectReason codes (the Boom status of `lastDisconnect.error`). */
export function closeReasonOf(statusCode: number | undefined): CloseReason {
  switch (statusCode) {
    case 401:
      return 'logged-out';
    case 515:
      return 'restart-required';
    case 440:
      return 'replaced';
    case 408:
    case 428:
    case 500:
    case 503:
      return 'connection-lost';
    default:
      return 'other';
  }
}

export type BaileysContent =
  | { text: string }
  | { image: Buffer; mimetype: string; caption?: string }
  | { video: Buffer; mimetype: string; caption?: string }
  | { audio: Buffer; mimetype: string }
  | { document: Buffer; mimetype: string; fileName: string; caption?: string };

/** The content object Baileys' `sendMessage` takes for an outbound message. */
export function contentOf(message: SessionOutbound): BaileysContent {
  if (message.kind === 'text') return { text: message.text };
  const { media } = message;
  const bytes = Buffer.from(media.bytes);
  const caption = media.caption ? { caption: media.caption } : {};
  switch (media.kind) {
    case 'image':
      return { image: bytes, mimetype: media.mimeType, ...caption };
    case 'video':
      return { video: bytes, mimetype: media.mimeType, ...caption };
    case 'audio':
      return { audio: bytes, mimetype: media.mimeType };
    case 'doc':
      return { document: bytes, mimetype: media.mimeType, fileName: media.fileName, ...caption };
  }
}
