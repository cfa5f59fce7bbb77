import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineEvent } from '../../events/envelope.ts';
import { dealStatus } from './deal-fields.ts';

/**
 * Domain events of the funnel, for the DynamoDB Streams dispatcher. Stored deal items carry
 * `entity: 'deal'` (DEAL_ENTITY); functions/src/pipelines/event-mapper.ts turns their images into these.
 * To wire them: append DEAL_EVENTS to DOMAIN_EVENT_SCHEMAS (shared/src/events/index.ts) and `deal: dealMapper`
 * to MAPPERS (functions/src/events/mappers.ts).
 */
export const DEAL_ENTITY = 'deal';
export const ACTIVITY_ENTITY = 'activity';

export const dealEventView = z.object({
  _id: objectId,
  pipeline: objectId,
  stage: objectId,
  customer: objectId,
  owner: objectId.nullable(),
  title: z.string(),
  value: z.number(),
  status: dealStatus,
  lost_reason: z.string().nullable(),
});
export type DealEventView = z.infer<typeof dealEventView>;

export const dealCreated = defineEvent('deal.created', z.object({ deal: dealEventView }));
export const dealStageChanged = defineEvent(
  'deal.stage_changed',
  z.object({ deal: dealEventView, from_stage: objectId, to_stage: objectId }),
);
export const dealWon = defineEvent('deal.won', z.object({ deal: dealEventView }));
export const dealLost = defineEvent('deal.lost', z.object({ deal: dealEventView }));

export const DEAL_EVENTS = [dealCreated, dealStageChanged, dealWon, dealLost] as const;

/** A deal event as a mapper drafts it; the dispatcher adds `id` and `occurred_at`. */
export type DealEventDraft = Omit<z.infer<(typeof DEAL_EVENTS)[number]>, 'id' | 'occurred_at'>;
