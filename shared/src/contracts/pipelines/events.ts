import { z } from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { dealStatus } from './deal-views.ts';

/**
 * Domain events of the funnel, for the DynamoDB Streams dispatcher: stored deal items carry
 * `entity: 'deal'` (DEAL_ENTITY), and these schemas say what the dispatcher emits from their images.
 * deal.created: a new image without an old one; deal.stage_changed: `stage` differs between images;
 * deal.won / deal.lost: `status` became won / lost.
 */
export const DEAL_ENTITY = 'deal';
export const ACTIVITY_ENTITY = 'activity';

const dealFacts = {
  company: objectId,
  deal: objectId,
  pipeline: objectId,
  customer: objectId,
  owner: objectId.nullable(),
  value: z.number(),
  at: z.string(),
};

export const dealCreatedEvent = z.object({
  type: z.literal('deal.created'),
  ...dealFacts,
  stage: objectId,
  status: dealStatus,
});

export const dealStageChangedEvent = z.object({
  type: z.literal('deal.stage_changed'),
  ...dealFacts,
  from_stage: objectId,
  to_stage: objectId,
});

export const dealWonEvent = z.object({ type: z.literal('deal.won'), ...dealFacts, stage: objectId });

export const dealLostEvent = z.object({
  type: z.literal('deal.lost'),
  ...dealFacts,
  stage: objectId,
  lost_reason: z.string().nullable(),
});

export const dealEvent = z.discriminatedUnion('type', [
  dealCreatedEvent,
  dealStageChangedEvent,
  dealWonEvent,
  dealLostEvent,
]);
export type DealEvent = z.infer<typeof dealEvent>;
