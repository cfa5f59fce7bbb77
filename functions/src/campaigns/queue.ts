import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const CAMPAIGN_DISPATCH_QUEUE = 'campaign-dispatch';

/**
 * Contacts per send message: small enough that a chunk finishes well within the visibility timeout. The
 * unofficial channel waits seconds between sends; an official chunk goes at the number's rate (1,000 take
 * 12.5 s at 80/s, 50 s at 20/s), claimed and recorded a group at a time, so its size only spares the pause
 * between one message and the next (reading the campaign, the sender, the integration) that a worker taking
 * messages one at a time would leave in the number's rate.
 */
export const SEND_CHUNK = 25;
export const OFFICIAL_SEND_CHUNK = 1_000;

export const sendChunkOf = (channel: 'official' | 'whatsapp') =>
  channel === 'official' ? OFFICIAL_SEND_CHUNK : SEND_CHUNK;

const target = { companyId: objectId, campaignId: objectId };

/** prepare: resolve the audience and queue the sends; send: one chunk of recipients. */
export const dispatchMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prepare'), ...target }),
  z.object({
    kind: z.literal('send'),
    ...target,
    contacts: z.array(objectId).min(1).max(OFFICIAL_SEND_CHUNK),
  }),
]);
export type DispatchMessage = z.infer<typeof dispatchMessage>;

/** SendMessageBatch's limits: 10 entries, 256 KiB of bodies together (an official chunk's body is ~27 KB). */
const BATCH_ENTRIES = 10;
const BATCH_BYTES = 256 * 1024;

/** The messages' bodies in SendMessageBatch-sized groups. */
function batchesOf(messages: readonly DispatchMessage[]): string[][] {
  const batches: string[][] = [];
  let bytes = 0;
  for (const body of messages.map((message) => JSON.stringify(message))) {
    const size = Buffer.byteLength(body);
    const last = batches.at(-1);
    if (!last || last.length >= BATCH_ENTRIES || bytes + size > BATCH_BYTES) {
      batches.push([body]);
      bytes = size;
    } else {
      last.push(body);
      bytes += size;
    }
  }
  return batches;
}

/** Queues dispatch messages, optionally held back `delaySeconds` (SQS allows up to 900). */
export async function enqueueDispatch(messages: readonly DispatchMessage[], delaySeconds = 0): Promise<void> {
  const queueUrl = config().queueUrls[CAMPAIGN_DISPATCH_QUEUE];
  if (!queueUrl) throw new Error(`the ${CAMPAIGN_DISPATCH_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  for (const batch of batchesOf(messages)) {
    const answer = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((body, index) => ({
          Id: String(index),
          MessageBody: body,
          ...(delaySeconds > 0 ? { DelaySeconds: Math.min(900, Math.ceil(delaySeconds)) } : {}),
        })),
      }),
    );
    if (answer.Failed?.length) throw new Error(`${answer.Failed.length} dispatch messages were not queued`);
  }
}

/** Send messages for these contacts, in chunks of `chunk` (see sendChunkOf). */
export const sendMessages = (
  companyId: string,
  campaignId: string,
  contacts: readonly string[],
  chunk = SEND_CHUNK,
) => {
  const messages: DispatchMessage[] = [];
  for (let start = 0; start < contacts.length; start += chunk) {
    messages.push({
      kind: 'send',
      companyId,
      campaignId,
      contacts: contacts.slice(start, start + chunk),
    });
  }
  return messages;
};
