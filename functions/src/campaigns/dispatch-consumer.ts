import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { prepareCampaign } from './dispatch.ts';
import { CAMPAIGN_DISPATCH_QUEUE, dispatchMessage } from './queue.ts';
import { sendChunk } from './send.ts';

/**
 * The campaign dispatch queue's consumer (standard queue): prepare messages resolve the audience and queue
 * the sends; send messages deliver one chunk through the governor. Both are safe to receive twice.
 */
export const handler = sqsConsumer({
  queueId: CAMPAIGN_DISPATCH_QUEUE,
  schema: dispatchMessage,
  companyOf: (message) => message.companyId,
  process: async (message) => {
    if (message.kind === 'prepare') await prepareCampaign(message.companyId, message.campaignId);
    else await sendChunk(message.companyId, message.campaignId, message.contacts);
  },
});
