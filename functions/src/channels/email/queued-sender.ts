import type { MessageView } from '@atende/shared/contracts/conversations/views';
import type { ConversationRecord } from '../../conversations/records.ts';
import type { ProviderIntegrationRecord } from '../../integrations/records.ts';
import { ChannelSendError } from '../adapter.ts';
import { mailboxOf } from './mailboxes.ts';
import { queueEmail } from './send-queue.ts';

/**
 * An operator's (or the bot's) answer in an e-mail conversation goes on the e-mail queue: its consumer
 * composes, sends through SES and settles the message (sent with the Message-ID the customer's reply will
 * name, or failed). Only a proven address sends (a new address waiting for its code does not yet), which is
 * checked here so the operator learns it at once.
 */
export async function queueMessageMail(
  message: MessageView,
  conversation: ConversationRecord,
  record: ProviderIntegrationRecord,
): Promise<{ queued: true }> {
  if (!mailboxOf(record)) {
    throw new ChannelSendError({
      code: 'invalid_request',
      message: 'the mailbox address is not confirmed',
      retryable: false,
    });
  }
  await queueEmail({
    kind: 'message',
    companyId: conversation.company,
    conversationId: conversation._id,
    messageId: message._id,
    integrationId: record._id,
  });
  return { queued: true };
}
