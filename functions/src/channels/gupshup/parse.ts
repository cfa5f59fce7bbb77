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
import { locationText } from '../meta/cloud-api-parse.ts';
import { type Json, isRecord, numeric, records, text } from '../meta/json.ts';

const MEDIA_TYPES: Record<string, MediaKind> = {
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  file: 'doc',
};

const STATUSES: Record<string, InboundStatus['status']> = {
  enqueued: 'pending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/**
 * Gupshup's v2 callback format: `{app, timestamp, version: 2, type: 'message' | 'message-event' | 'user-event' |
 * 'billing-event', payload}`. One event per POST. Message events name our outbound message by Gupshup's id
 * (the `messageId` the send API answered): `payload.id` for enqueued/failed, `payload.gsId` for
 * sent/delivered/read (whose `payload.id` is WhatsApp's id).
 */
export function parseGupshupWebhook(rawBody: string, integration: IntegrationRef): ParsedWebhook {
  const ignored: string[] = [];
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { items: [], ignored: ['body is not JSON'] };
  }
  if (!isRecord(body) || !isRecord(body.payload))
    return { items: [], ignored: ['not a Gupshup v2 callback'] };
  const at = isoFromEpoch(body.timestamp, 'milliseconds');
  if (!at) return { items: [], ignored: [`${String(body.type)} callback without timestamp`] };
  const common = {
    companyId: integration.companyId,
    integrationId: integration.integrationId,
    channel: 'official' as const,
  };
  let item: ParsedItem | undefined;
  if (body.type === 'message') item = parseMessage(body.payload, { ...common, sentAt: at }, ignored);
  else if (body.type === 'message-event') item = parseEvent(body.payload, { ...common, at }, ignored);
  else ignored.push(`${String(body.type)} callback not handled`);
  return validated(item ? [item] : [], ignored);
}

function parseMessage(
  message: Json,
  common: Pick<InboundMessage, 'companyId' | 'integrationId' | 'channel' | 'sentAt'>,
  ignored: string[],
): ParsedItem | undefined {
  const id = text(message.id);
  const type = String(message.type);
  const sender = isRecord(message.sender) ? message.sender : {};
  const phone = text(sender.phone) ?? text(message.source);
  if (!id || !phone) {
    ignored.push(`${type} message without id or sender`);
    return undefined;
  }
  const base: InboundMessage = {
    ...common,
    kind: 'message',
    providerMessageId: id,
    from: { externalId: phone, phone, name: text(sender.name) },
  };
  const context = isRecord(message.context)
    ? (text(message.context.gsId) ?? text(message.context.id))
    : undefined;
  if (context) base.replyTo = [context];
  const body = isRecord(message.payload) ? message.payload : {};

  const kind = MEDIA_TYPES[type];
  if (kind) {
    const url = text(body.url);
    if (!url) {
      ignored.push(`${type} message ${id} without a URL`);
      return undefined;
    }
    const mimeType = text(body.contentType) ?? 'application/octet-stream';
    const caption = text(body.caption);
    return {
      event: caption ? { ...base, text: caption } : base,
      media: {
        kind,
        ref: { type: 'url', url },
        mimeType,
        fileName: text(body.name) ?? mediaFileName(kind, id, mimeType),
      },
    };
  }
  const shown = textOf(type, body);
  if (!shown) {
    ignored.push(`message ${id} of type ${type} not handled`);
    return undefined;
  }
  return { event: { ...base, text: shown } };
}

function textOf(type: string, body: Json): string | undefined {
  switch (type) {
    case 'text':
      return text(body.text);
    case 'button_reply':
    case 'list_reply':
      return text(body.title) ?? text(body.reply);
    case 'quick_reply':
      return text(body.text);
    case 'location':
      return locationText({ ...body, latitude: numeric(body.latitude), longitude: numeric(body.longitude) });
    case 'contact': {
      const contacts = records(body.contacts);
      const lines = contacts.map((contact) => {
        const name = isRecord(contact.name) ? text(contact.name.formatted_name) : undefined;
        const phones = records(contact.phones).map((phone) => text(phone.phone));
        return `👤 ${[name, ...phones].filter(Boolean).join(' ')}`;
      });
      return lines.length > 0 ? lines.join('\n') : undefined;
    }
    default:
      return undefined;
  }
}

function parseEvent(
  event: Json,
  common: Pick<InboundStatus, 'companyId' | 'integrationId' | 'channel' | 'at'>,
  ignored: string[],
): ParsedItem | undefined {
  const type = String(event.type);
  const status = STATUSES[type];
  // enqueued and failed carry Gupshup's id in `id`; later events carry WhatsApp's there and Gupshup's in gsId
  // (which Gupshup drops from events more than a week after the send: those cannot be matched).
  const id = text(event.gsId) ?? (type === 'enqueued' || type === 'failed' ? text(event.id) : undefined);
  if (!status || !id) {
    ignored.push(`message-event ${type} ${id ? 'not handled' : 'without Gupshup id'}`);
    return undefined;
  }
  const body = isRecord(event.payload) ? event.payload : {};
  const seconds = numeric(body.ts);
  const at = seconds === undefined ? common.at : (isoFromEpoch(seconds, 'seconds') ?? common.at);
  const parsed: InboundStatus = { ...common, at, kind: 'status', providerMessageId: id, status };
  if (status === 'failed') {
    parsed.error = { code: String(body.code ?? 'unknown'), message: text(body.reason) ?? 'failed' };
  }
  return { event: parsed };
}
