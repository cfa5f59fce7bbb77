import type { DomainEvent } from '@atende/shared/events/index';
import { memoInBatch } from '../lib/batch-memo.ts';
import { deliveryIdOf, messageIdOf } from './keys.ts';
import { publicData } from './public-view.ts';
import { enqueueAttempt } from './queue.ts';
import {
  type DeliveryRecord,
  type EndpointRecord,
  getDelivery,
  listEndpointsForEvents,
  putNewDelivery,
} from './store.ts';

export interface OutboundEvent {
  /** What makes the delivery unique per endpoint (the domain event id, or a test's own id). */
  id: string;
  type: string;
  occurred_at: string;
  data: unknown;
}

/**
 * Writes the delivery of an event to an endpoint (the durable outbox item, with the exact body to sign) and
 * queues its first attempt. Safe to repeat: the delivery id is derived from the event and the endpoint, so a
 * second call finds it and only re-queues a delivery that never got its first attempt (a crash between the
 * write and the send).
 */
export async function enqueueDelivery(
  endpoint: EndpointRecord,
  event: OutboundEvent,
): Promise<DeliveryRecord> {
  const deliveryId = deliveryIdOf(event.id, endpoint._id, event.occurred_at);
  const now = new Date().toISOString();
  const record: DeliveryRecord = {
    _id: deliveryId,
    company_id: endpoint.company_id,
    endpoint_id: endpoint._id,
    message_id: messageIdOf(deliveryId),
    event: event.type,
    payload: JSON.stringify({ type: event.type, timestamp: event.occurred_at, data: event.data }),
    status: 'pending',
    attempt: 0,
    round_start: 0,
    status_code: null,
    duration_ms: null,
    error: null,
    next_retry_at: null,
    created_at: now,
    last_attempt_at: null,
  };
  const written = await putNewDelivery(record);
  const current = written ? record : await getDelivery(endpoint.company_id, endpoint._id, deliveryId);
  if (!current) throw new Error(`delivery ${deliveryId} vanished`);
  if (current.status === 'pending' && current.attempt === 0) {
    await enqueueAttempt({
      company_id: endpoint.company_id,
      endpoint_id: endpoint._id,
      delivery_id: deliveryId,
      attempt: 1,
      not_before: now,
    });
  }
  return current;
}

/** The active endpoints of the event's company subscribed to its type (the company's read once per consumer batch). */
export async function subscribedEndpoints(
  event: Pick<DomainEvent, 'company_id' | 'type'>,
): Promise<EndpointRecord[]> {
  const endpoints = await memoInBatch(`${event.company_id}|webhook-endpoints`, () =>
    listEndpointsForEvents(event.company_id),
  );
  return endpoints.filter((endpoint) => endpoint.status === 'active' && endpoint.events.includes(event.type));
}

/** Each subscribed endpoint gets a delivery of the event. */
export async function fanOut(event: DomainEvent, endpoints: readonly EndpointRecord[]): Promise<void> {
  const data = await publicData(event);
  for (const endpoint of endpoints) {
    await enqueueDelivery(endpoint, {
      id: event.id,
      type: event.type,
      occurred_at: event.occurred_at,
      data,
    });
  }
}
