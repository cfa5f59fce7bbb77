import { type PauseReason, SENDING_STATUSES } from '@atende/shared/contracts/campaigns/campaign-fields';
import { queryPages } from '../lib/dynamo/query.ts';
import { logger } from '../lib/logger.ts';
import { putJob } from './jobs.ts';
import { campaignKeys } from './keys.ts';
import { publishCampaign } from './publish.ts';
import { type CampaignRecord, campaignRecord } from './records.ts';
import { transition } from './store.ts';
import { nextTierWindow } from './tier.ts';

/**
 * Failure-rate threshold: once this many sends have a known outcome, a campaign whose failures reach this share
 * of them is paused (a bad template, a blocked number or a bad list burns the number's quality rating
 * otherwise). Known outcomes, not claims: a chunk claims recipients ahead of their sends.
 */
export const FAILURE_RATE = { minKnown: 20, share: 0.25 } as const;

export const failureRateTooHigh = (campaign: Pick<CampaignRecord, 'sent' | 'failed' | 'deferred'>) => {
  const known = campaign.sent + campaign.failed + campaign.deferred;
  return known >= FAILURE_RATE.minKnown && campaign.failed / known >= FAILURE_RATE.share;
};

/**
 * The system pauses a sending campaign, saying why (its screen shows the pt-BR reason). Pending recipients stay
 * pending: a resume (the employee's, or the tier's own once the 24 h window frees a slot) sends them.
 */
export async function systemPause(
  companyId: string,
  id: string,
  reason: PauseReason,
  now = new Date(),
): Promise<CampaignRecord | undefined> {
  const paused = await transition(
    companyId,
    id,
    { statuses: SENDING_STATUSES, paused: false },
    { paused: true, pause_reason: reason },
  );
  if (!paused) return undefined;
  logger.warn('campaign paused by the system', { campaignId: id, reason });
  if (reason === 'tier_limit') await putJob(companyId, id, 'RESUME', nextTierWindow(now));
  await publishCampaign(paused);
  return paused;
}

/**
 * Every sending campaign of one number, paused for the same reason (a quality or account signal). Reads that
 * number's campaigns only (its own index partition), page by page.
 */
export async function pauseNumber(companyId: string, integrationId: string, reason: PauseReason) {
  const paused: string[] = [];
  for await (const page of queryPages({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: '#status IN (:s0, :s1) AND #paused = :false',
    ExpressionAttributeNames: { '#status': 'status', '#paused': 'paused' },
    ExpressionAttributeValues: {
      ':pk': campaignKeys.byIntegration(companyId, integrationId),
      ':s0': SENDING_STATUSES[0],
      ':s1': SENDING_STATUSES[1],
      ':false': false,
    },
  })) {
    for (const item of page.items) {
      const campaign = campaignRecord.parse(item);
      if (await systemPause(companyId, campaign._id, reason)) paused.push(campaign._id);
    }
  }
  return paused;
}
