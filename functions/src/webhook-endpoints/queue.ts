import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** SQS delays a message at most 15 minutes; a later attempt is re-queued until its time comes. */
export const MAX_SQS_DELAY_SECONDS = 900;

/** One attempt of one delivery, due at `not_before`. */
export const attemptMessage = z.object({
  company_id: z.string().min(1),
  endpoint_id: z.string().min(1),
  delivery_id: z.string().min(1),
  attempt: z.number().int().min(1),
  not_before: z.string(),
});
export type AttemptMessage = z.infer<typeof attemptMessage>;

export async function enqueueAttempt(message: AttemptMessage, now = Date.now()): Promise<void> {
  const queueUrl = config().queueUrls[WEBHOOK_DELIVERY_QUEUE];
  if (!queueUrl) throw new Error(`the ${WEBHOOK_DELIVERY_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  const waitSeconds = Math.ceil((Date.parse(message.not_before) - now) / 1000);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      DelaySeconds: Math.min(Math.max(waitSeconds, 0), MAX_SQS_DELAY_SECONDS),
    }),
  );
}
