import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { attemptDelivery } from './delivery.ts';
import { attemptMessage, WEBHOOK_DELIVERY_QUEUE } from './queue.ts';

/**
 * Webhook attempts. A failed attempt is not an SQS failure: the next attempt is a new, delayed message, so
 * the backoff is ours (read from retry-policy.ts); only an infrastructure error makes SQS redeliver.
 */
export const handler = sqsConsumer({
  queueId: WEBHOOK_DELIVERY_QUEUE,
  schema: attemptMessage,
  companyOf: (message) => message.company_id,
  process: (message) => attemptDelivery(message),
});
