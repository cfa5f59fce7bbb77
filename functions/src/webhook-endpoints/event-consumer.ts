import { domainEvent } from '@atende/shared/events/index';
import { eventQueueId } from '@atende/shared/infra/event-consumers';
import { applyOnce } from '../lib/event-claims.ts';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { fanOut, subscribedEndpoints } from './outbox.ts';

export const WEBHOOKS_CONSUMER = 'webhooks';

/** Domain events → the outbox: one delivery per subscribed endpoint, each queued for its first attempt. */
export const handler = sqsConsumer({
  queueId: eventQueueId({ id: WEBHOOKS_CONSUMER }),
  schema: domainEvent,
  companyOf: (event) => event.company_id,
  process: async (event) => {
    // Most companies subscribe to nothing: no claim is written for an event no endpoint wants. The company's
    // endpoints are read once per batch.
    const endpoints = await subscribedEndpoints(event);
    if (endpoints.length === 0) return;
    await applyOnce(WEBHOOKS_CONSUMER, event, () => fanOut(event, endpoints));
  },
});
