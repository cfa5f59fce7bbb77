import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { objectId } from '@atende/shared/domain/object-id';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const CAMPAIGN_DISPATCH_QUEUE = 'campaign-dispatch';

/** Contacts per send message: small enough that a chunk finishes well within the visibility timeout. */
export const SEND_CHUNK = 25;

const target = { companyId: objectId, campaignId: objectId };

/** prepare: resolve the audience and queue the sends; send: one chunk of recipients. */
export const dispatchMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prepare'), ...target }),
  z.object({ kind: z.literal('send'), ...target, contacts: z.array(objectId).min(1).max(SEND_CHUNK) }),
]);
export type DispatchMessage = z.infer<typeof dispatchMessage>;

/** Queues dispatch messages, optionally held back `delaySeconds` (SQS allows up to 900). */
export async function enqueueDispatch(messages: readonly DispatchMessage[], delaySeconds = 0): Promise<void> {
  const queueUrl = config().queueUrls[CAMPAIGN_DISPATCH_QUEUE];
  if (!queueUrl) throw new Error(`the ${CAMPAIGN_DISPATCH_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  for (let start = 0; start < messages.length; start += 10) {
    const batch = messages.slice(start, start + 10);
    const answer = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((message, index) => ({
          Id: String(index),
          MessageBody: JSON.stringify(message),
          ...(delaySeconds > 0 ? { DelaySeconds: Math.min(900, Math.ceil(delaySeconds)) } : {}),
        })),
      }),
    );
    if (answer.Failed?.length) throw new Error(`${answer.Failed.length} dispatch messages were not queued`);
  }
}

/** Send messages for these contacts, in chunks. */
export const sendMessages = (companyId: string, campaignId: string, contacts: readonly string[]) => {
  const messages: DispatchMessage[] = [];
  for (let start = 0; start < contacts.length; start += SEND_CHUNK) {
    messages.push({
      kind: 'send',
      companyId,
      campaignId,
      contacts: contacts.slice(start, start + SEND_CHUNK),
    });
  }
  return messages;
};
