import type { CompanyItem } from '../company/store.ts';
import { publishMessageStatus } from '../conversations/events.ts';
import type { IntegrationInfo } from '../conversations/integrations.ts';
import { getMessage, moveStatus } from '../conversations/message-store.ts';
import type { ConversationRecord, MessageRecord } from '../conversations/records.ts';
import { senderFor } from './senders.ts';
import { asSent, settleDelivery } from './settle.ts';

/**
 * Hands a pending outbound message to its channel's sender: pending → sent with the provider's id, or
 * failed with the reason (resendable). A channel that sends through a queue of its own (e-mail) leaves the
 * message pending; its consumer settles it. Answers the message as stored afterwards.
 */
export async function deliver(
  company: CompanyItem,
  conversation: ConversationRecord,
  integration: IntegrationInfo | undefined,
  message: MessageRecord,
): Promise<MessageRecord> {
  const sender = senderFor(conversation.channel);
  if (!sender || !integration) {
    const ref = { conversation: conversation._id, sequence: message.sequence };
    const moved = await moveStatus(conversation.company, ref, 'failed', {
      error: { code: sender ? 'integration_missing' : 'no_sender', message: 'Canal sem envio disponível.' },
    });
    if (!moved)
      return (await getMessage(conversation.company, conversation._id, message.sequence)) ?? message;
    await publishMessageStatus(company, conversation, moved._id, moved.status, moved.error);
    return moved;
  }
  let sent;
  try {
    sent = await sender(asSent(company, message), conversation, integration);
  } catch (error) {
    return settleDelivery(company, conversation, integration.id, message, { error });
  }
  if ('queued' in sent) return message;
  return settleDelivery(company, conversation, integration.id, message, sent);
}
