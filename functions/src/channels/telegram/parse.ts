import type { InboundMessage } from '@atende/shared/channels/inbound';
import {
  type IntegrationRef,
  type ParsedItem,
  type ParsedWebhook,
  type ProviderMedia,
  validated,
} from '../adapter.ts';
import { locationText } from '../meta/cloud-api-parse.ts';
import { type CallbackQuery, type TelegramMessage, telegramUpdate } from './update.ts';

/** Telegram offers each photo in several sizes; the largest is the one the customer sent. */
function largestPhoto(photo: NonNullable<TelegramMessage['photo']>) {
  return photo.reduce((best, size) => (size.width * size.height > best.width * best.height ? size : best));
}

function mediaOf(message: TelegramMessage): ProviderMedia | undefined {
  const id = message.message_id;
  if (message.photo?.length) {
    const photo = largestPhoto(message.photo);
    return {
      kind: 'image',
      ref: { type: 'id', id: photo.file_id },
      mimeType: 'image/jpeg',
      fileName: `photo-${id}.jpg`,
      size: photo.file_size,
    };
  }
  if (message.document) {
    const { document } = message;
    return {
      kind: 'doc',
      ref: { type: 'id', id: document.file_id },
      mimeType: document.mime_type ?? 'application/octet-stream',
      fileName: document.file_name ?? `document-${id}`,
      size: document.file_size,
    };
  }
  if (message.audio) {
    const { audio } = message;
    return {
      kind: 'audio',
      ref: { type: 'id', id: audio.file_id },
      mimeType: audio.mime_type ?? 'audio/mpeg',
      fileName: audio.file_name ?? `audio-${id}.mp3`,
      size: audio.file_size,
    };
  }
  if (message.voice) {
    const { voice } = message;
    return {
      kind: 'audio',
      ref: { type: 'id', id: voice.file_id },
      mimeType: voice.mime_type ?? 'audio/ogg',
      fileName: `voice-${id}.ogg`,
      size: voice.file_size,
    };
  }
  if (message.video) {
    const { video } = message;
    return {
      kind: 'video',
      ref: { type: 'id', id: video.file_id },
      mimeType: video.mime_type ?? 'video/mp4',
      fileName: video.file_name ?? `video-${id}.mp4`,
      size: video.file_size,
    };
  }
  return undefined;
}

/**
 * Locations and shared contacts have no field of their own in the inbox: they arrive as readable text, written
 * as the WhatsApp adapters write them.
 */
function textOf(message: TelegramMessage): string | undefined {
  if (message.location) return locationText({ ...message.location });
  if (message.contact) {
    const { first_name, last_name, phone_number } = message.contact;
    return `👤 ${[first_name, last_name, phone_number].filter(Boolean).join(' ')}`;
  }
  return message.text ?? message.caption;
}

function senderOf(message: TelegramMessage): InboundMessage['from'] {
  const { chat, from, contact } = message;
  const name =
    chat.type === 'private'
      ? [from?.first_name ?? chat.first_name, from?.last_name ?? chat.last_name].filter(Boolean).join(' ')
      : chat.title;
  // A contact the customer shares about themselves is their own phone number.
  const ownPhone = contact && from && contact.user_id === from.id ? contact.phone_number : undefined;
  return {
    externalId: String(chat.id),
    ...(name ? { name } : {}),
    ...(ownPhone ? { phone: ownPhone } : {}),
  };
}

/**
 * A tap on a bot menu's inline button: the customer's answer, with the option id and the label they saw (read
 * back from the keyboard of the message they tapped).
 */
function tapped(updateId: number, query: CallbackQuery, integration: IntegrationRef): ParsedWebhook {
  const { message, data, from } = query;
  if (!message || !data) return { items: [], ignored: [`update ${updateId}: callback without data`] };
  const label = message.reply_markup?.inline_keyboard
    .flat()
    .find((button) => button.callback_data === data)?.text;
  const name = [from.first_name, from.last_name].filter(Boolean).join(' ');
  const event: InboundMessage = {
    kind: 'message',
    companyId: integration.companyId,
    integrationId: integration.integrationId,
    channel: 'telegram',
    providerMessageId: String(updateId),
    from: { externalId: String(message.chat.id), ...(name ? { name } : {}) },
    // A callback carries no time of its own; it is answered as it arrives.
    sentAt: new Date().toISOString(),
    text: label ?? data,
    buttonId: data,
  };
  return validated([{ event }], []);
}

/**
 * One webhook POST carries one Update. Its `update_id` is the exactly-once key: Telegram redelivers the same
 * update (same id) until it gets a 2xx, and message ids are only unique within a chat.
 */
export function parseTelegramUpdate(rawBody: string, integration: IntegrationRef): ParsedWebhook {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { items: [], ignored: ['body is not JSON'] };
  }
  const update = telegramUpdate.safeParse(json);
  if (!update.success) return { items: [], ignored: ['not a Telegram update'] };
  const { update_id: updateId, message, callback_query: query } = update.data;
  if (query) return tapped(updateId, query, integration);
  if (!message) return { items: [], ignored: [`update ${updateId}: not a new message`] };
  if (message.from?.is_bot) return { items: [], ignored: [`update ${updateId}: sent by a bot`] };
  const media = mediaOf(message);
  const text = textOf(message);
  if (!media && text === undefined)
    return { items: [], ignored: [`update ${updateId}: unsupported message type`] };
  const event: InboundMessage = {
    kind: 'message',
    companyId: integration.companyId,
    integrationId: integration.integrationId,
    channel: 'telegram',
    providerMessageId: String(updateId),
    from: senderOf(message),
    sentAt: new Date(message.date * 1000).toISOString(),
    ...(text !== undefined ? { text } : {}),
  };
  const item: ParsedItem = media ? { event, media } : { event };
  return validated([item], []);
}
