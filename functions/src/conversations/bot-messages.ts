import { newObjectId } from '@atende/shared/domain/object-id';
import type { CompanyItem } from '../company/store.ts';
import { deliver } from '../outbound/delivery.ts';
import { publishNewMessage } from './events.ts';
import { findIntegration, type IntegrationInfo } from './integrations.ts';
import { type ConversationRecord, pickMessageView } from './records.ts';
import { appendMessage } from './store.ts';

/**
 * A message the product itself writes in a thread (the bot's turns, the system notices): stored as sent_by
 * 'bot', delivered to the customer and announced. Answers the conversation as it stands after the append.
 */
export async function sendBotMessage(
  company: CompanyItem,
  conversation: ConversationRecord,
  integration: IntegrationInfo | undefined,
  content: string,
  extra: { flags?: string[]; metadata?: Record<string, unknown> } = {},
): Promise<ConversationRecord> {
  const now = new Date().toISOString();
  const stored = await appendMessage(conversation, (sequence) => ({
    _id: newObjectId(),
    conversation: conversation._id,
    type: 'text',
    content,
    sent_by: 'bot',
    channel: conversation.channel,
    created_at: now,
    read: true,
    flags: extra.flags ?? [],
    channel_metadata: { sequence, ...extra.metadata },
    company: conversation.company,
    status: 'pending',
    integration: conversation.integration,
    direction: 'outbound',
  }));
  if (stored.kind !== 'stored') return conversation;
  const delivered = await deliver(company, stored.conversation, integration, stored.message);
  await publishNewMessage(company, stored.conversation, pickMessageView(delivered));
  return stored.conversation;
}

/**
 * A system notice (start, transfer or end of service) in the thread, flagged 'system'. The caller checks the
 * company's "Mensagens de sistema ocultas" setting for its kind. E-mail threads get none: each notice would be
 * an e-mail of its own to the customer ("Atendimento iniciado" on every assignment).
 */
export const postSystemMessage = async (
  company: CompanyItem,
  conversation: ConversationRecord,
  text: string,
): Promise<ConversationRecord> =>
  conversation.channel === 'email'
    ? conversation
    : sendBotMessage(
        company,
        conversation,
        findIntegration(company, conversation.channel, conversation.integration),
        text,
        { flags: ['system'] },
      );
