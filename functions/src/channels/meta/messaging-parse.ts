import type { InboundMessage, InboundStatus } from '@atende/shared/channels/inbound';
import {
  type IntegrationRef,
  type MediaKind,
  type ParsedItem,
  type ParsedWebhook,
  isoFromEpoch,
  mediaFileName,
  validated,
} from '../adapter.ts';
import { locationText } from './cloud-api-parse.ts';
import { type Json, isRecord, records, text } from './json.ts';

export type MessagingChannel = 'messenger' | 'instagram';

const OBJECTS: Record<MessagingChannel, string> = { messenger: 'page', instagram: 'instagram' };

const ATTACHMENT_KINDS: Record<string, { kind: MediaKind; mimeType: string }> = {
  image: { kind: 'image', mimeType: 'image/jpeg' },
  video: { kind: 'video', mimeType: 'video/mp4' },
  audio: { kind: 'audio', mimeType: 'audio/mpeg' },
  file: { kind: 'doc', mimeType: 'application/octet-stream' },
};

/** Attachments that are links to something on the platform: shown as their URL. */
const LINK_ATTACHMENTS = new Set(['fallback', 'share', 'story_mention', 'ig_reel', 'reel']);

export interface MessagingParseOptions {
  channel: MessagingChannel;
  integration: IntegrationRef;
  /** The page (Messenger) or Instagram account id: entries for another account are skipped. */
  accountId?: string | undefined;
}

/**
 * Messenger (`object: 'page'`) and Instagram (`object: 'instagram'`) webhooks:
 * `{object, entry: [{id, time, messaging: [{sender: {id}, recipient: {id}, timestamp, message | delivery | read |
 * reaction | postback}]}]}`. The sender id is the page-scoped (PSID) or Instagram-scoped (IGSID) user id.
 */
export function parseMessagingWebhook(rawBody: string, options: MessagingParseOptions): ParsedWebhook {
  const items: ParsedItem[] = [];
  const ignored: string[] = [];
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return { items, ignored: ['body is not JSON'] };
  }
  if (!isRecord(payload) || payload.object !== OBJECTS[options.channel]) {
    return { items, ignored: [`not a ${OBJECTS[options.channel]} webhook`] };
  }
  for (const entry of records(payload.entry)) {
    if (options.accountId && String(entry.id) !== options.accountId) {
      ignored.push(`entry for account ${String(entry.id)}, not this integration's`);
      continue;
    }
    for (const event of records(entry.messaging)) items.push(...parseEvent(event, options, ignored));
  }
  return validated(items, ignored);
}

function parseEvent(event: Json, options: MessagingParseOptions, ignored: string[]): ParsedItem[] {
  const sender = isRecord(event.sender) ? text(String(event.sender.id ?? '')) : undefined;
  const at = isoFromEpoch(event.timestamp, 'milliseconds');
  if (!sender || !at) {
    ignored.push('messaging event without sender or timestamp');
    return [];
  }
  const common = {
    companyId: options.integration.companyId,
    integrationId: options.integration.integrationId,
    channel: options.channel,
  };
  const status = (providerMessageId: string, value: InboundStatus['status']): ParsedItem => ({
    event: { ...common, kind: 'status', providerMessageId, status: value, at },
  });
  const message = (providerMessageId: string, body: string, replyTo?: string): ParsedItem => ({
    event: {
      ...common,
      kind: 'message',
      providerMessageId,
      from: { externalId: sender },
      text: body,
      sentAt: at,
      ...(replyTo ? { replyTo: [replyTo] } : {}),
    },
  });

  if (isRecord(event.message)) return parseMessage(event.message, { ...common, sender, at }, ignored);
  if (isRecord(event.delivery)) {
    const mids = Array.isArray(event.delivery.mids) ? event.delivery.mids : [];
    const delivered = mids.filter((mid): mid is string => typeof mid === 'string' && mid !== '');
    if (delivered.length === 0) ignored.push('delivery receipt by watermark only');
    return delivered.map((mid) => status(mid, 'delivered'));
  }
  if (isRecord(event.read)) {
    const mid = text(event.read.mid);
    // Messenger reports reads by watermark ("everything before this time"), which names no message.
    if (mid) return [status(mid, 'read')];
    ignored.push('read receipt by watermark only');
    return [];
  }
  if (isRecord(event.reaction)) {
    const { mid, action, emoji } = event.reaction;
    if (action !== 'react' || typeof mid !== 'string' || !text(emoji)) {
      ignored.push(`reaction ${String(action)} not shown`);
      return [];
    }
    return [message(`reaction:${mid}:${sender}:${String(event.timestamp)}`, String(emoji), mid)];
  }
  if (isRecord(event.postback)) {
    const title = text(event.postback.title) ?? text(event.postback.payload);
    if (!title) {
      ignored.push('postback without title');
      return [];
    }
    return [message(text(event.postback.mid) ?? `postback:${sender}:${String(event.timestamp)}`, title)];
  }
  ignored.push(
    `messaging event ${Object.keys(event)
      .filter((key) => !['sender', 'recipient', 'timestamp'].includes(key))
      .join(',')} not handled`,
  );
  return [];
}

interface MessageContext {
  companyId: string;
  integrationId: string;
  channel: MessagingChannel;
  sender: string;
  at: string;
}

function parseMessage(message: Json, context: MessageContext, ignored: string[]): ParsedItem[] {
  const mid = text(message.mid);
  if (!mid) {
    ignored.push('message without mid');
    return [];
  }
  if (message.is_echo === true) {
    ignored.push(`echo of our own message ${mid}`);
    return [];
  }
  if (message.is_deleted === true || message.is_unsupported === true) {
    ignored.push(`message ${mid} deleted or unsupported`);
    return [];
  }
  const base: InboundMessage = {
    kind: 'message',
    companyId: context.companyId,
    integrationId: context.integrationId,
    channel: context.channel,
    providerMessageId: mid,
    from: { externalId: context.sender },
    sentAt: context.at,
  };
  const replyTo = isRecord(message.reply_to) ? text(message.reply_to.mid) : undefined;
  if (replyTo) base.replyTo = [replyTo];
  const items: ParsedItem[] = [];
  let caption = text(message.text);
  // One message may carry several attachments under one mid: the first keeps the mid, the rest get a stable suffix.
  records(message.attachments).forEach((attachment, index) => {
    const item = attachmentItem(
      attachment,
      { ...base, providerMessageId: index === 0 ? mid : `${mid}:${index}` },
      caption,
    );
    if (!item) {
      ignored.push(`attachment ${String(attachment.type)} of ${mid} not handled`);
      return;
    }
    caption = undefined;
    items.push(item);
  });
  if (caption) items.push({ event: { ...base, text: caption } });
  if (items.length === 0) ignored.push(`message ${mid} without text or usable attachment`);
  return items;
}

function attachmentItem(
  attachment: Json,
  base: InboundMessage,
  caption: string | undefined,
): ParsedItem | undefined {
  const type = String(attachment.type);
  const payload = isRecord(attachment.payload) ? attachment.payload : {};
  const url = text(payload.url);
  const withCaption = caption ? { ...base, text: caption } : base;
  const media = ATTACHMENT_KINDS[type];
  if (media && url) {
    return {
      event: withCaption,
      media: {
        kind: media.kind,
        ref: { type: 'url', url },
        mimeType: media.mimeType,
        fileName: fileNameFrom(url, media.kind, base.providerMessageId, media.mimeType),
      },
    };
  }
  if (type === 'location' && isRecord(payload.coordinates)) {
    const body = locationText({
      latitude: payload.coordinates.lat,
      longitude: payload.coordinates.long,
      name: attachment.title,
    });
    return body ? { event: { ...base, text: body } } : undefined;
  }
  if (LINK_ATTACHMENTS.has(type) && url) {
    const title = text(attachment.title);
    return { event: { ...base, text: [caption, title, url].filter(Boolean).join('\n') } };
  }
  return undefined;
}

/** The CDN file name when the URL has one (Messenger keeps it for files), else one built from the id. */
function fileNameFrom(url: string, kind: MediaKind, id: string, mimeType: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    if (/^[^/\\]{1,120}\.[A-Za-z0-9]{1,8}$/.test(last)) return last;
  } catch {
    // A malformed URL still gets a usable name below.
  }
  return mediaFileName(kind, id, mimeType);
}
