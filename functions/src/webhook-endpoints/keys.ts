import { createHash } from 'node:crypto';

/**
 * Endpoints: `C#<cid>#WEBHOOK_ENDPOINT` / `<endpointId>` (at most 20 a company, listed with one Query).
 * Deliveries (the outbox): `C#<cid>#WEBHOOK_DELIVERY#<endpointId>#` / `<deliveryId>`; delivery ids begin with
 * the event's time, so a Query backwards lists them newest first.
 */
export const webhookKeys = {
  endpoints: (companyId: string) => `C#${companyId}#WEBHOOK_ENDPOINT`,
  endpoint: (companyId: string, endpointId: string) => ({
    pk: webhookKeys.endpoints(companyId),
    sk: endpointId,
  }),
  deliveries: (companyId: string, endpointId: string) => `C#${companyId}#WEBHOOK_DELIVERY#${endpointId}#`,
  delivery: (companyId: string, endpointId: string, deliveryId: string) => ({
    pk: webhookKeys.deliveries(companyId, endpointId),
    sk: deliveryId,
  }),
};

/**
 * The delivery of one event to one endpoint has one id, whoever computes it: 8 hex digits of the event's
 * Unix time (object-id style, so ids sort by time) and 16 of a hash of the event and the endpoint. A replayed
 * event finds its delivery already written.
 */
export function deliveryIdOf(eventId: string, endpointId: string, occurredAt: string): string {
  const seconds = Math.floor(Date.parse(occurredAt) / 1000);
  const time = Number.isFinite(seconds) ? seconds : Math.floor(Date.now() / 1000);
  const hash = createHash('sha256').update(`${eventId}\u0000${endpointId}`).digest('hex').slice(0, 16);
  return `${time.toString(16).padStart(8, '0')}${hash}`;
}

/** The `webhook-id` header of a delivery. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId}`;
