import { type ConversationRecord, type MessageRecord, messageRecord } from '../../conversations/records.ts';
import { queryPages } from '../../lib/dynamo/query.ts';
import { emailMessageId } from './message-id.ts';
import type { ReplyContext } from './outbound.ts';
import { MESSAGE_PREFIX, messageEntity } from '../../conversations/entities.ts';

/** Messages read back from the newest while looking for the answered e-mail; older mail is not quoted. */
const LOOKBACK = 200;
const PAGE = 50;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function quotedOf(message: MessageRecord, conversation: ConversationRecord): ReplyContext['quoted'] {
  const sentAt = new Date(text(message.channel_metadata.sent_at) ?? message.created_at);
  const name = message.customer?.full_name ?? conversation.customer.full_name;
  const address = conversation.external_id;
  return {
    text: message.content,
    sentAt: Number.isNaN(sentAt.getTime()) ? new Date(message.created_at) : sentAt,
    author: name && name !== address ? `${name} <${address}>` : address,
  };
}

/**
 * What an operator's e-mail answers: the conversation's last customer e-mail. Its Message-ID (of the e-mail,
 * not of an attachment part) goes in In-Reply-To, the ids it answered (stored nearest first) make the
 * References chain oldest first, its subject gets the 'Re:', and its text is quoted. When the last customer
 * message is an attachment, the text of the same e-mail is quoted if it is still within the look-back.
 */
export async function replyContextOf(conversation: ConversationRecord): Promise<ReplyContext | undefined> {
  let answered: (MessageRecord & { provider_message_id: string }) | undefined;
  let withText: MessageRecord | undefined;
  let done = false;
  let read = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': messageEntity.partition('conversation', conversation.company, conversation._id),
      ':prefix': MESSAGE_PREFIX,
    },
    ScanIndexForward: false,
    Limit: PAGE,
  });
  for await (const page of pages) {
    for (const item of page.items) {
      read += 1;
      const parsed = messageRecord.safeParse(item);
      const message = parsed.success ? parsed.data : undefined;
      const providerId = message?.provider_message_id;
      if (!message || message.direction !== 'inbound' || !providerId) continue;
      answered ??= { ...message, provider_message_id: providerId };
      if (emailMessageId(providerId) !== emailMessageId(answered.provider_message_id)) {
        done = true;
        break;
      }
      if (!message.media && message.content.trim()) {
        withText = message;
        done = true;
        break;
      }
    }
    if (done || read >= LOOKBACK) break;
  }
  if (!answered) return undefined;
  const messageId = emailMessageId(answered.provider_message_id);
  const references = strings(answered.channel_metadata.reply_to)
    .reverse()
    .filter((id) => id !== messageId);
  return {
    messageId,
    references,
    subject: text(answered.channel_metadata.subject),
    quoted: withText ? quotedOf(withText, conversation) : undefined,
  };
}
