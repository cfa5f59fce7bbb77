import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { withOperatorName } from '@atende/shared/rules/operator-name';
import { readSettings } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import { publishMessageStatus } from '../conversations/events.ts';
import { getMessage, linkProviderId, moveStatus } from '../conversations/message-store.ts';
import { type ConversationRecord, type MessageRecord, pickMessageView } from '../conversations/records.ts';
import { logger } from '../lib/logger.ts';

/**
 * The message as its channel sends it. With "show operator name" on, an operator's text is headed by their
 * name (the widget gets it beside the text); off, the customer never learns who answered.
 */
export function asSent(company: CompanyItem, message: MessageRecord): MessageView {
  const view = pickMessageView(message);
  if (view.sent_by !== 'operator') return view;
  if (!readSettings(company).showOperatorName.enabled) {
    const { employee: _hidden, ...anonymous } = view;
    return anonymous;
  }
  if (view.media || view.template) return view;
  return { ...view, content: withOperatorName(view.channel, view.employee?.name, view.content) };
}

/** How a send ended: the provider's id of the message, or why it failed. */
export type SendOutcome = { providerMessageId: string } | { error: unknown };

/**
 * Records a send's outcome on a pending message: sent with the provider's id (linked, so statuses and replies
 * find it), or failed with the reason (resendable), and tells the room. Answers the message as stored.
 */
export async function settleDelivery(
  company: CompanyItem,
  conversation: ConversationRecord,
  integrationId: string,
  message: MessageRecord,
  outcome: SendOutcome,
): Promise<MessageRecord> {
  const ref = { conversation: conversation._id, sequence: message.sequence };
  let moved: MessageRecord | undefined;
  let failure = 'error' in outcome ? outcome.error : undefined;
  if ('providerMessageId' in outcome) {
    const { providerMessageId } = outcome;
    try {
      await linkProviderId(conversation.company, integrationId, providerMessageId, message);
      moved = await moveStatus(conversation.company, ref, 'sent', { providerMessageId, error: null });
    } catch (error) {
      failure = error;
    }
  }
  if (failure !== undefined) {
    logger.warn('channel send failed', {
      companyId: conversation.company,
      conversation: conversation._id,
      messageId: message._id,
      error: failure instanceof Error ? failure.message : String(failure),
    });
    // A channel's named failure (rate_limited, auth_failed ...) keeps its code for the UI and the log.
    const code =
      failure instanceof Error && 'code' in failure && typeof failure.code === 'string'
        ? failure.code
        : 'send_failed';
    moved = await moveStatus(conversation.company, ref, 'failed', {
      error: { code, message: failure instanceof Error ? failure.message : 'send failed' },
    });
  }
  // A provider status may have overtaken the send's own update; the stored message is then the truth.
  const result =
    moved ?? (await getMessage(conversation.company, conversation._id, message.sequence)) ?? message;
  if (moved) {
    await publishMessageStatus(company, conversation, result._id, result.status, result.error);
  }
  return result;
}
