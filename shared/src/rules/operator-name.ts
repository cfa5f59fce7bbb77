import type { ChannelType } from '../channels/inbound.ts';

/** Channels whose clients render `*text*` as bold (WhatsApp's own formatting). */
const BOLD_CHANNELS: readonly ChannelType[] = ['whatsapp', 'official'];
/**
 * Channels that carry the name some other way: the widget shows it above the bubble (operator_name), an
 * e-mail says who wrote it in its own From and signature.
 */
const NAMED_ELSEWHERE: readonly ChannelType[] = ['widget', 'email'];

/**
 * Spec point 3, chat settings, "show operator name": an operator's text message goes out headed by the
 * operator's name, `*Ana*:` on WhatsApp (bold there) and `Ana:` on the other chat channels. What the inbox
 * stores and shows stays the text the operator typed.
 */
export function withOperatorName(channel: ChannelType, name: string | undefined, text: string): string {
  const trimmed = name?.trim();
  if (!trimmed || NAMED_ELSEWHERE.includes(channel)) return text;
  return BOLD_CHANNELS.includes(channel) ? `*${trimmed}*:\n${text}` : `${trimmed}:\n${text}`;
}
