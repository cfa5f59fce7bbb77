import { CAMPAIGN_STATUS, LIMITS } from '../domain/constants.ts';

/**
 * Spec point 4: official WhatsApp and Messenger conversation windows are valid only if the last interaction was under
 * 86400 seconds ago. No recorded interaction means no open window.
 */
export function isConversationWindowOpen(lastInteraction: Date | string | undefined, now: Date): boolean {
  if (lastInteraction === undefined) return false;
  const last = new Date(lastInteraction).getTime();
  if (Number.isNaN(last)) return false;
  return now.getTime() - last < LIMITS.conversationWindowSeconds * 1000;
}

/** Spec point 4: a scheduled campaign can be cancelled until 2 minutes before its start (inclusive). */
export function canCancelCampaign(
  campaign: { status: number; start_at?: Date | string },
  now: Date,
): boolean {
  if (campaign.status !== CAMPAIGN_STATUS.scheduled || campaign.start_at === undefined) return false;
  const start = new Date(campaign.start_at).getTime();
  return now.getTime() <= start - LIMITS.campaignCancelWindowMinutes * 60_000;
}
