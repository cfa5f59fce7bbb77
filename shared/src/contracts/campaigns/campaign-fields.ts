import * as z from 'zod';
import { CAMPAIGN_STATUS } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';

// Apart from views.ts: campaign records and the inbound path (a reply to a campaign) use these alone, without
// the campaign routes' bodies and views and their messages.

export const campaignStatus = z.union(
  Object.values(CAMPAIGN_STATUS).map((value) => z.literal(value)) as [
    z.ZodLiteral<0>,
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
  ],
);
export type CampaignStatus = z.infer<typeof campaignStatus>;

/**
 * The spec's statuses (point 4) as the dispatch moves through them: 2 running (started, the audience is being
 * resolved), 5 dispatch started (recipients written, sends queued), 6 dispatch finished (every recipient
 * attempted, some outcomes still unknown), 3 sent (every outcome known: final). 4 cancelled is final too.
 */
export const SENDING_STATUSES = [CAMPAIGN_STATUS.running, CAMPAIGN_STATUS.dispatchStarted] as const;
export const FINAL_STATUSES = [CAMPAIGN_STATUS.sent, CAMPAIGN_STATUS.cancelled] as const;
export const isSending = (status: number) => (SENDING_STATUSES as readonly number[]).includes(status);

/** Why the system (not an employee) paused a campaign; a manual pause has none. */
export const PAUSE_REASONS = ['tier_limit', 'quality', 'account', 'failure_rate'] as const;
export const pauseReason = z.enum(PAUSE_REASONS);
export type PauseReason = z.infer<typeof pauseReason>;

/** Why a contact of the audience gets nothing (the estimate and the report count each). */
export const EXCLUSION_REASONS = [
  'blacklist',
  'no_opt_in',
  'disengaged',
  'invalid_phone',
  'duplicate',
] as const;
export const exclusionReason = z.enum(EXCLUSION_REASONS);
export type ExclusionReason = z.infer<typeof exclusionReason>;

/**
 * A recipient's state: pending (queued), claimed (the send began; its outcome is unknown until the provider
 * answers or a status arrives, and it is never sent again), then sent → delivered → read → replied, or failed
 * (the provider's code kept), deferred (131049: the user's marketing cap; not resent), excluded.
 */
export const RECIPIENT_STATUSES = [
  'pending',
  'claimed',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'deferred',
  'excluded',
] as const;
export const recipientStatus = z.enum(RECIPIENT_STATUSES);
export type RecipientStatus = z.infer<typeof recipientStatus>;

/** Who receives: any mix; a contact named by several sources is sent to once (the rest count as duplicate). */
export const audienceSpec = z.object({
  tags: z.array(objectId).max(20).optional(),
  smart_tag: objectId.optional(),
  wallet: objectId.optional(),
  audience_list: objectId.optional(),
  contacts: z.array(objectId).max(1000).optional(),
  /**
   * Custom-field filters (each `key` equal to `value`, all of them): alone they select the contacts that match;
   * with other sources they keep only those sources' contacts that match.
   */
  custom_fields: z
    .array(z.object({ key: z.string().trim().min(1).max(60), value: z.string().trim().max(200) }))
    .max(5)
    .optional(),
});
export type AudienceSpec = z.infer<typeof audienceSpec>;

export const hasAudience = (audience: AudienceSpec) =>
  Boolean(
    audience.tags?.length ||
    audience.smart_tag ||
    audience.wallet ||
    audience.audience_list ||
    audience.contacts?.length ||
    audience.custom_fields?.length,
  );

/** Template variable `{{n}}` or `{{key}}` → a contact field (`contact.full_name`), a default variable or fixed text. */
export const variableMapping = z.record(
  z.string().min(1).max(60),
  z.object({ source: z.enum(['field', 'text']), value: z.string().max(1000) }),
);
export type VariableMapping = z.infer<typeof variableMapping>;
