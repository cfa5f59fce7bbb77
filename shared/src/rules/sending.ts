import type { MessagingChannel } from '../domain/message.ts';
import { errorsPtBR } from '../i18n/pt-BR.ts';
import { interpolate } from '../i18n/interpolate.ts';

/**
 * Per-channel text limits (spec point 5 does not show the value), each the provider's documented limit, counted in
 * Unicode code points:
 * - whatsapp 4096: WhatsApp Cloud API, text.body "Maximum 4096 characters".
 * - messenger 2000: Messenger Send API, message.text "must be UTF-8 and has a 2000 character limit".
 * - instagram 1000: Instagram Messaging API, text messages "must be UTF-8 and 1000 bytes or less"; code points are
 *   not bytes, so the provider may still refuse long multi-byte text.
 * - telegram 4096: Bot API sendMessage, "1-4096 characters after entities parsing".
 * - email 1,000,000: SMTP/SES bound the whole message (10 MB in SES), so only absurd bodies are refused.
 * - widget 10,000: our own widget; generous for chat while bounding one DynamoDB item.
 */
export const TEXT_LIMITS: Record<MessagingChannel, number> = {
  whatsapp: 4096,
  messenger: 2000,
  instagram: 1000,
  telegram: 4096,
  email: 1_000_000,
  widget: 10_000,
};

export function textLength(text: string): number {
  return [...text].length;
}

export function isWithinTextLimit(channel: MessagingChannel, text: string): boolean {
  return textLength(text) <= TEXT_LIMITS[channel];
}

/**
 * Special characters removed before sending (spec point 5): control characters other than tab and line feed
 * (carriage returns are folded into line feeds), and invisible formatting characters — zero-width space and
 * non-joiner, word joiner and invisible operators, bidi marks/embeddings/isolates, soft hyphen, byte-order mark,
 * Mongolian vowel separator. Kept: every visible character, accents, emoji, and the zero-width joiner (U+200D) and
 * variation selectors that emoji sequences need.
 */
/* eslint-disable no-control-regex -- matching control characters is the point of this pattern */
const SPECIAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/* eslint-enable no-control-regex */

export function cleanMessageText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(SPECIAL, '');
}

export type SendCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'too-long' };

/** Clean, then refuse empty or over-limit text (not sent, spec point 5). */
export function prepareOutgoingText(channel: MessagingChannel, text: string): SendCheck {
  const cleaned = cleanMessageText(text);
  if (cleaned.trim().length === 0) return { ok: false, reason: 'empty' };
  if (!isWithinTextLimit(channel, cleaned)) return { ok: false, reason: 'too-long' };
  return { ok: true, text: cleaned };
}

/** Spec point 5: media needs both path and type, else 'Erro ao tentar enviar mensagem.' */
export function checkMediaSend(media: { file_path?: string; file_type?: string }): string | undefined {
  return media.file_path && media.file_type ? undefined : errorsPtBR.sendMessageFailed;
}

/** Spec point 5: WhatsApp chats cannot send through a disconnected integration; returns the warning to show. */
export function whatsappSendWarning(integration: { label: string; connection: boolean }): string | undefined {
  return integration.connection
    ? undefined
    : interpolate(errorsPtBR.whatsappDisconnectedSend, { integrationLabel: integration.label });
}
