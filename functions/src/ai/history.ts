import { messageRecord } from '../conversations/records.ts';
import { fillPage } from '../lib/dynamo/fill-page.ts';
import type { ChatMessage } from './model-client.ts';
import { MESSAGE_PREFIX, messageEntity } from '../conversations/entities.ts';

/** The conversation's last text messages, oldest first, as chat turns (the customer is the user). */
export async function recentTurns(
  companyId: string,
  conversationId: string,
  limit = 20,
): Promise<ChatMessage[]> {
  const page = await fillPage({
    companyId,
    partitionKey: messageEntity.partition('conversation', companyId, conversationId),
    sortCondition: { expression: 'begins_with(#sk, :msg)', values: { ':msg': MESSAGE_PREFIX } },
    newestFirst: true,
    limit,
    cursor: undefined,
  });
  return (
    page.items
      .map((item) => messageRecord.parse(item))
      // Operator notes of what the assistant did are not part of the dialogue.
      .filter(
        (message) =>
          message.content.trim() && message.type === 'text' && !(message.flags ?? []).includes('ai_action'),
      )
      .reverse()
      .map((message) => ({
        role: message.sent_by === 'customer' ? ('user' as const) : ('assistant' as const),
        content: message.content,
      }))
  );
}
