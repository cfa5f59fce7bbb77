import { companyRoom } from '@atende/shared/realtime/rooms';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';
import type { CampaignRecord } from './records.ts';

/** Status and progress on the campaign screens (company room, ids and counts only). Best effort. */
export async function publishCampaign(campaign: CampaignRecord): Promise<void> {
  await publishToRoom(campaign.company, companyRoom(campaign.company), 'campaign-update', {
    campaign: campaign._id,
    status: campaign.status,
    paused: campaign.paused,
    attempted: campaign.attempted,
    total: campaign.eligible,
  }).catch((error: unknown) => {
    logger.warn('campaign update not published', {
      campaignId: campaign._id,
      error: error instanceof Error ? error.message : String(error),
    });
  });
}
