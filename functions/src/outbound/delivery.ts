import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { withOperatorName } from '@atende/shared/rules/operator-name';
import { readSettings } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import { publishMessageStatus } from '../conversations/events.ts';
import type { IntegrationInfo } from '../conversations/integrations.ts';
import { getMessage, linkProviderId, moveStatus } from '../conversations/message-store.ts';
import { type ConversationRecord, type MessageRecord, pickMessageView } from '../conversations/records.ts';
import { logger } from '../lib/logger.ts';
import { senderFor } from './senders.ts';

/**
 * The message as its channel sends it. With "show operator name" on, an operator's text is headed by their
 * name (the widget gets it beside the text); off, the customer never learns who answered.
 */
function asSent(company: CompanyItem, message: MessageRecord): MessageView {
  const view = pickMessageView(message);
  if (view.sent_by !== 'operator') return view;
  if (!readSettings(company).showOperatorName.enabled) {
    const { employee: _hidden, ...anonymous } = view;
    return anonymous;
  }
  if (view.media || view.template) return view;
  return { ...view, content: withOperatorName(view.channel, view.employee?.name, view.content) };
}

/**
 * Hands a pending outbound message to its channel's sender: pending → sent with the provider's id, or
 * failed with the reason (resendable). Answers the message as stored afterwards.
 */
export async function deliver(
  company: CompanyItem,
  conversation: ConversationRecord,
  integration: IntegrationInfo | undefined,
  message: MessageRecord,
): Promise<MessageRecord> {
  const ref = { conversation: conversation._id, sequence: message.sequence };
  const sender = senderFor(conversation.channel);
  let moved: MessageRecord | undefined;
  if (!sender || !integration) {
    moved = await moveStatus(conversation.company, ref, 'failed', {
      error: { code: sender ? 'integration_missing' : 'no_sender', message: 'Canal sem envio disponível.' },
    });
  } else {
    try {
      const { providerMessageId } = await sender(asSent(company, message), conversation, integration);
      await linkProviderId(conversation.company, integration.id, providerMessageId, message);
      moved = await moveStatus(conversation.company, ref, 'sent', { providerMessageId, error: null });
    } catch (error) {
      logger.warn('channel send failed', {
        companyId: conversation.company,
        conversation: conversation._id,
        message: message._id,
        error: error instanceof Error ? error.message : String(error),
      });
      // A channel's named failure (rate_limited, auth_failed ...) keeps its code for the UI and the log.
      const code =
        error instanceof Error && 'code' in error && typeof error.code === 'string'
          ? error.code
          : 'send_failed';
      moved = await moveStatus(conversation.company, ref, 'failed', {
        error: { code, message: error instanceof Error ? error.message : 'send failed' },
      });
    }
  }
  // A provider status may have overtaken the send's own update; the stored message is then the truth.
  const result =
    moved ?? (await getMessage(conversation.company, conversation._id, message.sequence)) ?? message;
  if (moved) {
    await publishMessageStatus(company, conversation, result._id, result.status, result.error);
  }
  return result;
}
