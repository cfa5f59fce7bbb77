import type { MessageView } from '@atende/shared/contracts/conversations/views';
import type { IntegrationInfo } from '../conversations/integrations.ts';
import type { ConversationRecord } from '../conversations/records.ts';

/**
 * Delivers an operator's (or the bot's) message on a channel and answers the provider's id of it, which later
 * delivery statuses (InboundStatus.providerMessageId) refer to. Throwing marks the message failed (resendable).
 * `conversation.external_id` is whom to send to, as the channel named them. A channel that sends through a
 * queue of its own answers `queued`: the message stays pending until that queue's consumer settles it.
 */
export type ChannelSender = (
  message: MessageView,
  conversation: ConversationRecord,
  integration: IntegrationInfo,
) => Promise<{ providerMessageId: string } | { queued: true }>;
