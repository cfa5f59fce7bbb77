import * as z from 'zod';
import {
  type ChannelOutbound,
  type ChannelLimits,
  ChannelSendError,
  checkOutbound,
  type OutboundMedia,
  type OutboundMenu,
  type OutboundMessage,
  type SendContext,
  safeEqual,
  withWebhook,
} from '../adapter.ts';
import { type BotApiTarget, callBotApi, downloadBotFile, TELEGRAM_API_URL } from './api.ts';
import { parseTelegramUpdate } from './parse.ts';
import { sentMessage, telegramFile } from './update.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The integration entry's credentials, under the names the channels API stores them with. */
export const telegramCredentials = z.object({
  bot_token: z.string().regex(/^\d+:[\w-]+$/),
  /** Telegram allows 1-256 characters of A-Z, a-z, 0-9, _ and -. */
  secret_token: z.string().regex(/^[\w-]{1,256}$/),
});
export type TelegramCredentials = z.infer<typeof telegramCredentials>;

/** A photo sent by URL may have 5 MB, any other file 20 MB; a caption 1024 characters, a text 4096. */
const PHOTO_BYTES = 5 * 1024 * 1024;
const CAPTION_LENGTH = 1024;

export const telegramLimits: ChannelLimits = {
  mediaBytes: 20 * 1024 * 1024,
  refusedExtensions: [],
  textLength: 4096,
  templates: false,
};

const MEDIA_METHODS = {
  image: ['sendPhoto', 'photo'],
  document: ['sendDocument', 'document'],
  audio: ['sendAudio', 'audio'],
  video: ['sendVideo', 'video'],
} as const satisfies Record<OutboundMedia['type'], readonly [string, string]>;

const target = (context: SendContext<TelegramCredentials>): BotApiTarget => ({
  botToken: context.credentials.bot_token,
  baseUrl: context.baseUrl,
  fetchImpl: context.fetchImpl,
});

function refuse(message: string): never {
  throw new ChannelSendError({ code: 'unsupported_message', message, retryable: false });
}

/** Telegram carries at most 64 bytes of callback data per button. */
const CALLBACK_DATA_BYTES = 64;

/**
 * A bot menu as an inline keyboard, one button per row, each carrying its option id; undefined when an id
 * does not fit the callback data (the numbered text then goes alone).
 */
export function inlineKeyboard(menu: OutboundMenu) {
  if (menu.options.some((option) => Buffer.byteLength(option.id) > CALLBACK_DATA_BYTES)) return undefined;
  return {
    inline_keyboard: menu.options.map((option) => [{ text: option.label, callback_data: option.id }]),
  };
}

/** The Bot API method and body of an outbound message; media go by URL, which Telegram downloads itself. */
function request(message: OutboundMessage): [string, Record<string, unknown>] {
  if (message.kind === 'text') {
    const keyboard = message.menu ? inlineKeyboard(message.menu) : undefined;
    return [
      'sendMessage',
      keyboard && message.menu
        ? { chat_id: message.to, text: message.menu.prompt, reply_markup: keyboard }
        : { chat_id: message.to, text: message.text },
    ];
  }
  if (message.kind === 'template') refuse('templates are not supported on Telegram');
  const { media } = message;
  if (media.type === 'image' && media.size !== undefined && media.size > PHOTO_BYTES) {
    refuse(`photos larger than ${PHOTO_BYTES} bytes cannot be sent by URL`);
  }
  if (media.caption !== undefined && media.caption.length > CAPTION_LENGTH) {
    refuse(`caption longer than ${CAPTION_LENGTH} characters`);
  }
  const [method, field] = MEDIA_METHODS[media.type];
  return [
    method,
    { chat_id: message.to, [field]: media.url, ...(media.caption ? { caption: media.caption } : {}) },
  ];
}

export const telegramOutbound: ChannelOutbound<TelegramCredentials> = {
  provider: 'telegram',
  channel: 'telegram',
  limits: telegramLimits,
  credentialsSchema: telegramCredentials,
  defaultBaseUrl: TELEGRAM_API_URL,

  async fetchMedia(media, context) {
    if (media.ref.type !== 'id') refuse('Telegram media are referenced by file_id');
    const file = telegramFile.parse(await callBotApi(target(context), 'getFile', { file_id: media.ref.id }));
    if (!file.file_path) refuse('Telegram gave no download path (file larger than 20 MB)');
    const body = await downloadBotFile(target(context), file.file_path);
    return { body, contentType: media.mimeType, fileName: media.fileName };
  },

  async send(message, context) {
    checkOutbound(message, telegramLimits);
    const [method, body] = request(message);
    const result = sentMessage.safeParse(await callBotApi(target(context), method, body));
    if (!result.success) {
      throw new ChannelSendError({
        code: 'provider_unavailable',
        message: `Telegram ${method} answered without a message`,
        retryable: true,
      });
    }
    // Message ids are only unique within a chat.
    return { providerMessageId: `${result.data.chat.id}:${result.data.message_id}` };
  },
};

export const telegramAdapter = /* @__PURE__ */ withWebhook(telegramOutbound, {
  verifyWebhook(request, credentials) {
    const received = request.headers[TELEGRAM_SECRET_HEADER];
    if (received === undefined) return { ok: false, status: 401, reason: 'missing secret token header' };
    if (!safeEqual(received, credentials.secret_token)) {
      return { ok: false, status: 401, reason: 'secret token mismatch' };
    }
    return { ok: true };
  },
  parseWebhook: parseTelegramUpdate,
});
