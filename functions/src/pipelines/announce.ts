import type { DEAL_UPDATE_ACTIONS } from '@atende/shared/realtime/server-events';
import { companyRoom } from '@atende/shared/realtime/rooms';
import { logger } from '../lib/logger.ts';
import { publishToEmployee, publishToRoom } from '../realtime/publish.ts';
import type { ActivityRecord, DealRecord } from './records.ts';

type DealAction = (typeof DEAL_UPDATE_ACTIONS)[number];

const warn = (what: string, companyId: string) => (error: unknown) =>
  logger.warn(`${what} not delivered`, {
    companyId,
    error: error instanceof Error ? error.message : String(error),
  });

/**
 * Tells open boards a deal changed. The company room has no per-viewer filter, so the frame names ids only and
 * each board refetches through the API, which applies the viewer's visibility. The change is saved already: a
 * lost frame only delays a board until its next read, so a failure is logged, not raised.
 */
export async function announceDeal(deal: DealRecord, action: DealAction): Promise<void> {
  await publishToRoom(deal.company, companyRoom(deal.company), 'deal-update', {
    deal: deal._id,
    pipeline: deal.pipeline,
    stage: deal.stage,
    action,
  }).catch(warn('deal-update', deal.company));
}

/** Tells the assignee's open screens (agenda, chat side panel) that one of their activities changed. */
export async function announceActivity(activity: ActivityRecord): Promise<void> {
  await publishToEmployee(activity.company, activity.assignee, 'activity-update', {
    activity: activity._id,
  }).catch(warn('activity-update', activity.company));
}

/** A stage rule's notice to the deal's owner. */
export async function noticeOwner(deal: DealRecord, stageName: string): Promise<void> {
  if (!deal.owner) return;
  await publishToEmployee(deal.company, deal.owner, 'deal-notice', {
    deal: deal._id,
    title: deal.title,
    stage_name: stageName,
  }).catch(warn('deal-notice', deal.company));
}
