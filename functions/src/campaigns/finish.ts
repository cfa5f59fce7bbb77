import { type CampaignStatus, SENDING_STATUSES } from '@atende/shared/contracts/campaigns/campaign-fields';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { QUEUES } from '@atende/shared/infra/queues';
import { putJob } from './jobs.ts';
import { publishCampaign } from './publish.ts';
import type { CampaignRecord } from './records.ts';
import { readCampaign, transition } from './store.ts';

/*
 * The end of a dispatch, apart from the dispatch itself: the status webhooks (inbound consumer, flows) settle a
 * campaign's last claim without bundling the dispatch queue's sender.
 */

/**
 * Outcomes known: provider accepted (sent, or moved on by its status webhooks), refused (failed), deferred.
 * What is attempted but not known is still claimed.
 */
const unknownOutcomes = (campaign: CampaignRecord) =>
  campaign.attempted - campaign.sent - campaign.failed - campaign.deferred;

/**
 * Every eligible recipient was attempted: with every outcome known the campaign is sent (3, final); with some
 * claims still open it is dispatch finished (6) until their lease runs out and the reconciliation settles them.
 */
export async function finishIfDone(
  companyId: string,
  campaignId: string,
): Promise<CampaignRecord | undefined> {
  const campaign = await readCampaign(companyId, campaignId);
  if (!campaign || !campaign.prepared || campaign.attempted < campaign.eligible) return campaign;
  const open = unknownOutcomes(campaign) > 0;
  const from: readonly CampaignStatus[] = open
    ? SENDING_STATUSES
    : [...SENDING_STATUSES, CAMPAIGN_STATUS.dispatchFinished];
  if (!from.includes(campaign.status)) return campaign;
  const finished = await transition(
    companyId,
    campaignId,
    { statuses: from },
    {
      status: open ? CAMPAIGN_STATUS.dispatchFinished : CAMPAIGN_STATUS.sent,
      finished_at: campaign.finished_at ?? new Date().toISOString(),
    },
  );
  if (finished && open)
    await putJob(companyId, campaignId, 'RECONCILE', new Date(Date.now() + CLAIM_LEASE_MS));
  if (finished) await publishCampaign(finished);
  return finished ?? campaign;
}

/**
 * A claim lives at most as long as the worker that made it: the dispatch queue's visibility timeout, which
 * bounds one consumer run. A claim older than that whose send recorded nothing will never be answered by
 * that worker.
 */
export const CLAIM_LEASE_MS =
  (QUEUES.find((queue) => queue.id === 'campaign-dispatch')?.visibilityTimeoutSeconds ?? 900) * 1000;
