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
import { type Json, isRecord, records, text } from './json.ts';

const MEDIA_TYPES: Record<string, MediaKind> = {
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  document: 'doc',
};

const STATUSES: Record<string, InboundStatus['status']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

export interface CloudApiParseOptions {
  integration: IntegrationRef;
  /** The integration's phone number id: changes for another number of the same app are skipped. */
  phoneNumberId?: string | undefined;
}

/**
 * The WhatsApp Cloud API `messages` webhook (also what 360dialog and motor forward):
 * `{object: 'whatsapp_business_account', entry: [{id, changes: [{field: 'messages', value: {metadata, contacts,
 * messages, statuses}}]}]}`. Several entries and changes may arrive in one POST.
 */
export function parseCloudApiWebhook(rawBody: string, options: CloudApiParseOptions): ParsedWebhook {
  const ignored: string[] = [];
  const items: ParsedItem[] = [];
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return { items, ignored: ['body is not JSON'] };
  }
  if (!isRecord(payload) || payload.object !== 'whatsapp_business_account') {
    return { items, ignored: ['not a whatsapp_business_account webhook'] };
  }
  for (const entry of records(payload.entry)) {
    for (const change of records(entry.changes)) {
      if (change.field !== 'messages' || !isRecord(change.value)) {
        ignored.push(`change field ${String(change.field)} not handled`);
        continue;
      }
      parseChange(change.value, options, items, ignored);
    }
  }
  return validated(items, ignored);
}

function parseChange(
  value: Json,
  options: CloudApiParseOptions,
  items: ParsedItem[],
  ignored: string[],
): void {
  const metadata = isRecord(value.metadata) ? value.metadata : {};
  if (options.phoneNumberId && metadata.phone_number_id !== options.phoneNumberId) {
    ignored.push(`change for phone number id ${String(metadata.phone_number_id)}, not this integration's`);
    return;
  }
  const names = new Map<string, string>();
  for (const contact of records(value.contacts)) {
    const name = isRecord(contact.profile) ? text(contact.profile.name) : undefined;
    if (typeof contact.wa_id === 'string' && name) names.set(contact.wa_id, name);
  }
  for (const message of records(value.messages)) {
    const item = parseMessage(message, names, options.integration, ignored);
    if (item) items.push(item);
  }
  for (const status of records(value.statuses)) {
    const item = parseStatus(status, options.integration, ignored);
    if (item) items.push({ event: item });
  }
}

function parseMessage(
  message: Json,
  names: Map<string, string>,
  integration: IntegrationRef,
  ignored: string[],
): ParsedItem | undefined {
  const id = text(message.id);
  const from = text(message.from);
  const sentAt = isoFromEpoch(message.timestamp, 'seconds');
  const type = text(message.type) ?? 'unknown';
  if (!id || !from || !sentAt) {
    ignored.push(`message without id, from or timestamp (type ${type})`);
    return undefined;
  }
  const base: InboundMessage = {
    kind: 'message',
    companyId: integration.companyId,
    integrationId: integration.integrationId,
    channel: 'official',
    providerMessageId: id,
    from: { externalId: from, phone: from, name: names.get(from) },
    sentAt,
  };
  const context = isRecord(message.context) ? text(message.context.id) : undefined;
  if (context) base.replyTo = [context];

  const kind = MEDIA_TYPES[type];
  if (kind) {
    const body = isRecord(message[type]) ? (message[type] as Json) : {};
    const mediaId = text(body.id);
    if (!mediaId) {
      ignored.push(`${type} message ${id} without a media id`);
      return undefined;
    }
    const mimeType = text(body.mime_type) ?? 'application/octet-stream';
    const caption = text(body.caption);
    return {
      event: caption ? { ...base, text: caption } : base,
      media: {
        kind,
        ref: { type: 'id', id: mediaId },
        mimeType,
        fileName: text(body.filename) ?? mediaFileName(kind, mediaId, mimeType),
      },
    };
  }
  const body = textOf(type, message);
  if (body === undefined) {
    ignored.push(`message ${id} of type ${type} not handled`);
    return undefined;
  }
  if (type === 'reaction' && isRecord(message.reaction)) {
    const reactedTo = text(message.reaction.message_id);
    if (reactedTo) base.replyTo = [reactedTo];
  }
  const buttonId = replyIdOf(type, message);
  return { event: { ...base, text: body, ...(buttonId ? { buttonId } : {}) } };
}

/** The option id of an interactive reply (a reply button or a list row the bot sent). */
function replyIdOf(type: string, message: Json): string | undefined {
  if (type !== 'interactive' || !isRecord(message.interactive)) return undefined;
  const body = message.interactive as Json;
  const reply = isRecord(body.button_reply) ? body.button_reply : body.list_reply;
  return isRecord(reply) ? text(reply.id) : undefined;
}

/** The text a non-media message shows in the conversation; undefined when the type is not handled. */
function textOf(type: string, message: Json): string | undefined {
  const body = isRecord(message[type]) ? (message[type] as Json) : undefined;
  switch (type) {
    case 'text':
      return text(body?.body);
    case 'button':
      return text(body?.text) ?? text(body?.payload);
    case 'interactive': {
      const reply = body && (isRecord(body.button_reply) ? body.button_reply : body.list_reply);
      return isRecord(reply) ? text(reply.title) : undefined;
    }
    case 'reaction':
      // An empty emoji is the customer removing the reaction: nothing to show.
      return text(body?.emoji);
    case 'location':
      return body ? locationText(body) : undefined;
    case 'contacts':
      return contactsText(records(message.contacts));
    default:
      return undefined;
  }
}

export function locationText(location: Json): string | undefined {
  const { latitude, longitude } = location;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  const label = [text(location.name), text(location.address)].filter(Boolean).join(' - ');
  const link = `https://maps.google.com/?q=${latitude},${longitude}`;
  return label ? `📍 ${label}\n${link}` : `📍 ${link}`;
}

function contactsText(contacts: Json[]): string | undefined {
  const lines = contacts.map((contact) => {
    const name = isRecord(contact.name)
      ? (text(contact.name.formatted_name) ?? text(contact.name.first_name))
      : '';
    const phones = records(contact.phones)
      .map((phone) => text(phone.phone) ?? text(phone.wa_id))
      .filter(Boolean);
    return `👤 ${[name, ...phones].filter(Boolean).join(' ')}`;
  });
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function parseStatus(
  status: Json,
  integration: IntegrationRef,
  ignored: string[],
): InboundStatus | undefined {
  const id = text(status.id);
  const mapped = STATUSES[String(status.status)];
  const at = isoFromEpoch(status.timestamp, 'seconds');
  if (!id || !mapped || !at) {
    ignored.push(`status ${String(status.status)} for ${String(status.id)} not handled`);
    return undefined;
  }
  const event: InboundStatus = {
    kind: 'status',
    companyId: integration.companyId,
    integrationId: integration.integrationId,
    channel: 'official',
    providerMessageId: id,
    status: mapped,
    at,
  };
  const recipient = text(status.recipient_id);
  if (recipient) event.recipient = recipient;
  const [error] = records(status.errors);
  if (mapped === 'failed' && error) {
    const details = isRecord(error.error_data) ? text(error.error_data.details) : undefined;
    event.error = {
      code: String(error.code ?? 'unknown'),
      message: details ?? text(error.message) ?? text(error.title) ?? 'failed',
    };
  }
  return event;
}
