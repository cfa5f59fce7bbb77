import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { DOMAIN_EVENT_TYPES } from '../../events/types.ts';
import { adminPtBR, developersPtBR } from '../../i18n/pt-BR.ts';
import { pageQuery } from '../employees/paging.ts';

const labels = developersPtBR.webhooks;

/** The test event an admin sends from the endpoint page; never produced by the event stream. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What an endpoint may subscribe to: every domain event (the list grows as modules add theirs). */
export const WEBHOOK_EVENT_TYPES = DOMAIN_EVENT_TYPES;

export const MAX_WEBHOOK_ENDPOINTS = 20;

const webhookUrl = z
  .string({ error: labels.urlRequired })
  .trim()
  .min(1, { error: labels.urlRequired })
  .max(2048, { error: labels.urlInvalid })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: labels.urlInvalid },
  );

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES as unknown as [string, ...string[]]), { error: labels.eventsRequired })
  .min(1, { error: labels.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const webhookEndpointBody = z.object({
  url: webhookUrl,
  events: eventList,
  description: z.string().trim().max(500).optional(),
});

export const webhookEndpointPatch = z
  .object({
    url: webhookUrl.optional(),
    events: eventList.optional(),
    description: z.string().trim().max(500).optional(),
    /** Re-enables an endpoint the 24-hour failure rule disabled, or pauses one. */
    status: z.enum(['active', 'disabled']).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: adminPtBR.invalidField,
    path: ['url'],
  });

export const webhookEndpointView = z.object({
  _id: objectId,
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  status: z.enum(['active', 'disabled']),
  /** Why it is disabled: the admin paused it, or it failed for 24 hours. */
  disabled_reason: z.enum(['manual', 'failing']).nullable(),
  /** Since when every delivery failed (null while deliveries succeed). */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

/** The secret is answered once, on creation and rotation. */
export const webhookSecretView = z.object({
  _id: objectId,
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
});

export const endpointIdParams = z.object({ id: objectId });
export const deliveryIdParams = z.object({ id: objectId, deliveryId: objectId });

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

export const webhookDeliveryView = z.object({
  _id: objectId,
  /** The `webhook-id` header: the same on every attempt and replay of this delivery. */
  message_id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempt: z.number().int().min(0),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const listDeliveriesQuery = z.object(pageQuery);
export const deliveriesPage = z.object({
  items: z.array(webhookDeliveryView),
  nextCursor: z.string().nullable(),
});
