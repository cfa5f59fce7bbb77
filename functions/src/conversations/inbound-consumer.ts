import { type InboundEvent, inboundEvent } from '@atende/shared/channels/inbound';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import '../messages/channels.ts';
import { resolvePendingMedia } from '../webhooks/pending-media.ts';
import { handleInboundMessage, handleInboundStatus } from './engine.ts';
import { findByProviderId } from './message-store.ts';

function parse(record: SQSRecord): InboundEvent | undefined {
  try {
    const parsed = inboundEvent.safeParse(JSON.parse(record.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function processRecord(record: SQSRecord): Promise<void> {
  const event = parse(record);
  if (!event) {
    // A malformed event can never succeed; retrying it would only hold its group back until the DLQ.
    logger.error('inbound event rejected: not a valid InboundEvent', { messageId: record.messageId });
    return;
  }
  if (event.kind === 'status') {
    await handleInboundStatus(event);
    return;
  }
  // Provider media is downloaded here, after the webhook's ack; a redelivery of a stored message skips it.
  const stored =
    event.pendingMedia &&
    (await findByProviderId(event.companyId, event.integrationId, event.providerMessageId));
  await handleInboundMessage(stored ? event : await resolvePendingMedia(event));
}

/**
 * The inbound FIFO queue's consumer. Records of one group (one conversation) run in order, groups run side by
 * side. A failed record is reported in batchItemFailures together with every later record of its group, so
 * SQS redelivers them in their order; the engine's exactly-once claim makes the redelivery of anything that
 * did land a no-op.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const failures: string[] = [];
  await Promise.all(
    [...groups.values()].map(async (records) => {
      for (const [index, record] of records.entries()) {
        try {
          await processRecord(record);
        } catch (error) {
          logger.warn('inbound event failed; it and the rest of its group will be redelivered', {
            messageId: record.messageId,
            error: error instanceof Error ? error.message : String(error),
          });
          failures.push(...records.slice(index).map((failed) => failed.messageId));
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
