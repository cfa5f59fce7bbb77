import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { reconcileClaims } from './dispatch.ts';
import { dueJobs, takeJob } from './jobs.ts';
import { beginDispatch } from './lifecycle.ts';
import { readCampaign } from './store.ts';
import { resume } from './service.ts';
import { startInput, type StartInput } from './start-schedule.ts';

/**
 * The campaign-starts schedule (every minute) runs each campaign job whose time came, once (the job item is
 * claimed by deleting it, so overlapping runs cannot run it twice): scheduled starts, the resume of a campaign
 * paused by its number's daily tier (it pauses again if the window has no room yet), and the reconciliation
 * of claims whose lease ran out.
 */
export async function startDueCampaigns(
  now = new Date(),
): Promise<{ started: number; resumed: number; reconciled: number }> {
  const ran = { started: 0, resumed: 0, reconciled: 0 };
  for (const { companyId, id, job } of await dueJobs(now)) {
    if (!(await takeJob(companyId, id, job))) continue;
    if (job === 'START') {
      if (await beginDispatch(companyId, id, [CAMPAIGN_STATUS.scheduled])) ran.started += 1;
    } else if (job === 'RESUME') {
      const campaign = await readCampaign(companyId, id);
      if (campaign?.paused && campaign.pause_reason === 'tier_limit' && (await resume(companyId, id)))
        ran.resumed += 1;
    } else {
      await reconcileClaims(companyId, id, now);
      ran.reconciled += 1;
    }
  }
  return ran;
}

/**
 * A one-time EventBridge Scheduler schedule (start-schedule.ts) invoked this Lambda for one campaign: it starts
 * if it is still scheduled (a cancel that raced the schedule's firing wins, the transition is conditional).
 */
export async function startScheduledCampaign(input: StartInput): Promise<{ started: number }> {
  const running = await beginDispatch(input.company, input.campaign, [CAMPAIGN_STATUS.scheduled]);
  return { started: running ? 1 : 0 };
}

/** The rate rule's Scheduled Event sweeps the due jobs; a one-time schedule's input starts its campaign. */
export const handler = async (event?: unknown) => {
  const one = startInput.safeParse(event);
  return one.success ? startScheduledCampaign(one.data) : startDueCampaigns();
};
