import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { ENV } from '@atende/shared/infra/env';
import * as z from 'zod';
import { lazyClient } from '../lib/clients.ts';
import { putJob, takeJob } from './jobs.ts';

/**
 * A scheduled campaign's start. In AWS it is an EventBridge Scheduler one-time schedule (`at(...)`, deleted by
 * Scheduler once it ran) invoking the campaign-starts Lambda with the campaign's ids; cancelling the campaign (or
 * starting it now) deletes it. In the local runtime (no scheduler configured) it is the START job item the
 * local every-minute campaign-starts schedule runs. Either way the start itself is the conditional
 * scheduled → running transition, so a schedule that fires after a cancel (or twice) starts nothing.
 */
const schedulerConfig = z.object({
  group: z.string().min(1),
  target: z.string().min(1),
  role: z.string().min(1),
});
export type StartSchedulerConfig = z.infer<typeof schedulerConfig>;

export function startSchedulerConfig(env: NodeJS.ProcessEnv = process.env): StartSchedulerConfig | undefined {
  const raw = env[ENV.campaignStartScheduler];
  return raw ? schedulerConfig.parse(JSON.parse(raw)) : undefined;
}

const scheduler = /* @__PURE__ */ lazyClient(() => new SchedulerClient({}));

/** The input a one-time schedule hands the campaign-starts Lambda. */
export const startInput = z.object({
  kind: z.literal('campaign-start'),
  company: z.string().min(1),
  campaign: z.string().min(1),
});
export type StartInput = z.infer<typeof startInput>;

/** Schedule names allow 64 of [0-9a-zA-Z-_.]; campaign ids are ObjectIds, unique across companies. */
export const startScheduleName = (campaignId: string) => `campaign-start-${campaignId}`;

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC (Scheduler's one-time expression has no zone suffix nor milliseconds). */
export const atExpression = (at: string) => `at(${new Date(at).toISOString().slice(0, 19)})`;

export async function scheduleStart(companyId: string, campaignId: string, at: string): Promise<void> {
  const cfg = startSchedulerConfig();
  if (!cfg) {
    await putJob(companyId, campaignId, 'START', at);
    return;
  }
  const input: StartInput = { kind: 'campaign-start', company: companyId, campaign: campaignId };
  await scheduler().send(
    new CreateScheduleCommand({
      Name: startScheduleName(campaignId),
      GroupName: cfg.group,
      ScheduleExpression: atExpression(at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Description: `Starts campaign ${campaignId} of company ${companyId}`,
      Target: {
        Arn: cfg.target,
        RoleArn: cfg.role,
        Input: JSON.stringify(input),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    }),
  );
}

/** Removes a scheduled start that has not run; one already gone (ran, or removed before) is fine. */
export async function unscheduleStart(companyId: string, campaignId: string): Promise<void> {
  const cfg = startSchedulerConfig();
  if (!cfg) {
    await takeJob(companyId, campaignId, 'START');
    return;
  }
  try {
    await scheduler().send(
      new DeleteScheduleCommand({ Name: startScheduleName(campaignId), GroupName: cfg.group }),
    );
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
