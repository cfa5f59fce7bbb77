import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { CAMPAIGN_ACCESS } from './access.ts';

const common = { domain: 'campaigns', auth: 'employee', access: CAMPAIGN_ACCESS } as const;

/** Cloud API throughput per number: 80 msg/s by default, up to 1,000 when Meta upgrades the number. */
export const DEFAULT_MESSAGES_PER_SECOND = 80;
export const MAX_MESSAGES_PER_SECOND = 1000;

/**
 * Meta's messaging limit tiers: unique customers a number may start conversations with in a rolling 24 h
 * (the `current_limit` of the phone_number_quality_update webhook names them the same way).
 */
export const MESSAGING_TIERS = [
  'TIER_50',
  'TIER_250',
  'TIER_1K',
  'TIER_2K',
  'TIER_10K',
  'TIER_100K',
  'TIER_UNLIMITED',
] as const;
export const messagingTier = z.enum(MESSAGING_TIERS);
export type MessagingTier = z.infer<typeof messagingTier>;
export const TIER_LIMITS: Record<MessagingTier, number> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: Number.POSITIVE_INFINITY,
};
/** A number nobody told us about yet is held to the 1K tier (Meta's usual starting tier once verified). */
export const DEFAULT_TIER: MessagingTier = 'TIER_1K';

export const QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export const qualityRating = z.enum(QUALITY_RATINGS);

export const senderBody = z
  .object({
    messages_per_second: z.number().int().min(1).max(MAX_MESSAGES_PER_SECOND),
    tier: messagingTier,
  })
  .strict();

export const senderView = senderBody.extend({
  integration: objectId,
  quality: qualityRating,
  /** Unique recipients reached in the last 24 h (the tier's count). */
  reached_24h: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SenderView = z.infer<typeof senderView>;

const params = z.object({ integration: objectId });

/** The send governor's limits of one official number (its throughput and messaging tier). */
export const getSender = defineRoute({
  ...common,
  id: 'campaigns.sender',
  method: 'GET',
  path: '/campaigns/senders/{integration}',
  params,
  response: senderView,
});

export const putSender = defineRoute({
  ...common,
  id: 'campaigns.senderUpdate',
  method: 'PUT',
  path: '/campaigns/senders/{integration}',
  params,
  body: senderBody,
  response: senderView,
});
