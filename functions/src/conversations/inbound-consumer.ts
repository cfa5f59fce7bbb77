import { type InboundEvent, inboundEvent } from '@atende/shared/channels/inbound';
import { handleCampaignStatus, noteCampaignReply } from '../campaigns/inbound.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { resolvePendingMedia } from '../webhooks/pending-media.ts';
import { handleInboundMessage, handleInboundStatus } from './engine.ts';
import { INBOUND_QUEUE_ID } from './enqueue.ts';
import { findByProviderId } from './message-store.ts';

async function processEvent(event: InboundEvent): Promise<void> {
  if (event.kind === 'status') {
    // Campaign messages live on the campaign, not in a conversation.
    if (await handleCampaignStatus(event)) return;
    await handleInboundStatus(event);
    return;
  }
  // Provider media is downloaded here, after the webhook's ack; a redelivery of a stored message skips it.
  const stored =
    event.pendingMedia &&
    (await findByProviderId(event.companyId, event.integrationId, event.providerMessageId));
  const outcome = await handleInboundMessage(stored ? event : await resolvePendingMedia(event));
  if (outcome === 'stored') await noteCampaignReply(event);
}

/**
 * The inbound FIFO queue's consumer. Records of one group (one conversation) run in order, groups run side by
 * side; a failed record fails the rest of its group, so SQS redelivers them in their order, and the engine's
 * exactly-once claim makes the redelivery of anything that did land a no-op.
 */
export const handler = sqsConsumer({
  queueId: INBOUND_QUEUE_ID,
  schema: inboundEvent,
  companyOf: (event) => event.companyId,
  process: processEvent,
});
