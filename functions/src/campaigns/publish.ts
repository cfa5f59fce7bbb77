import { companyRoom } from '@atende/shared/realtime/rooms';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';
import type { CampaignRecord } from './records.ts';
import { readCampaign } from './store.ts';

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

/** How long counts moved by status webhooks wait to be published, gathering the others of that time. */
const COUNTS_PUBLISH_DELAY_MS = 1_000;
const countsPublishing = new Map<string, NodeJS.Timeout>();

/**
 * Counts moved by a status webhook (delivered, read, replied, failed): the campaign is published once, a second
 * later, for every status of that second (each would otherwise cost a read of the campaign and a publish, and a
 * campaign's statuses come at its send rate). Best effort, like every publish.
 */
export function publishCountsSoon(companyId: string, campaignId: string): void {
  const key = `${companyId}/${campaignId}`;
  if (countsPublishing.has(key)) return;
  const timer = setTimeout(() => {
    countsPublishing.delete(key);
    readCampaign(companyId, campaignId)
      .then((campaign) => (campaign ? publishCampaign(campaign) : undefined))
      .catch((error: unknown) => {
        logger.warn('campaign counts not published', {
          campaignId,
          error: error instanceof Error ? error.message : String(error),
        });
      });
  }, COUNTS_PUBLISH_DELAY_MS);
  timer.unref();
  countsPublishing.set(key, timer);
}
