import type { CampaignEventDraft } from '@atende/shared/contracts/campaigns/events';
import { FINAL_STATUSES } from '@atende/shared/contracts/campaigns/campaign-fields';
import { campaignRecord, toCampaignView } from './records.ts';

interface Change {
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage: Record<string, unknown> | undefined;
  newImage: Record<string, unknown> | undefined;
}

const isFinal = (status: unknown) => (FINAL_STATUSES as readonly unknown[]).includes(status);

/** `campaign.finished` once, on the write that moves a campaign into a final status. */
export function campaignEvents({ kind, oldImage, newImage }: Change): CampaignEventDraft[] {
  if (kind !== 'MODIFY' || !oldImage || !newImage) return [];
  if (isFinal(oldImage.status) || !isFinal(newImage.status)) return [];
  const campaign = campaignRecord.parse(newImage);
  return [
    {
      type: 'campaign.finished',
      company_id: campaign.company,
      entity_id: campaign._id,
      data: { campaign: toCampaignView(campaign), previous_status: Number(oldImage.status) },
    },
  ];
}
