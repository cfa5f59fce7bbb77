import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { type InboundEvent, inboundEvent, inboundGroupId } from '@atende/shared/channels/inbound';
import { createHash } from 'node:crypto';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const INBOUND_QUEUE_ID = 'inbound';

/**
 * Channel adapters hand every verified, normalized event to the engine through here. The FIFO group is the
 * conversation key (a status uses the provider message id: statuses of different messages need no order
 * between them); the deduplication id is integration + provider id (+ status), so a provider retrying its
 * webhook within SQS's 5-minute window is dropped at the queue, and later by the engine's claim.
 */
export async function enqueueInbound(event: InboundEvent): Promise<void> {
  const parsed = inboundEvent.parse(event);
  const queueUrl = config().queueUrls[INBOUND_QUEUE_ID];
  if (!queueUrl) throw new Error('the inbound queue URL is not configured (QUEUE_URLS.inbound)');
  const externalId =
    parsed.kind === 'message' ? parsed.from.externalId : `status:${parsed.providerMessageId}`;
  const dedupSource =
    parsed.kind === 'message'
      ? `${parsed.integrationId}:${parsed.providerMessageId}`
      : `${parsed.integrationId}:${parsed.providerMessageId}:${parsed.status}`;
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(parsed),
      MessageGroupId: inboundGroupId({
        companyId: parsed.companyId,
        integrationId: parsed.integrationId,
        externalId,
      }),
      // SQS allows 128 characters; provider ids can be longer, so the id is a digest.
      MessageDeduplicationId: createHash('sha256').update(dedupSource).digest('hex'),
    }),
  );
}
