import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { cancelCampaign, listCampaigns } from '@atende/shared/contracts/campaigns/campaign-routes';
import type { CampaignView } from '@atende/shared/contracts/campaigns/views';
import { ENV } from '@atende/shared/infra/env';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { handler } from './handler.ts';
import { campaignKeys } from './keys.ts';
import { handler as scheduleHandler, startDueCampaigns } from './schedule.ts';
import { atExpression, startScheduleName } from './start-schedule.ts';
import { campaignWorld } from './test-campaigns.ts';
import { fakeDispatchQueue } from './test-dispatch.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

const scheduler = mockClient(SchedulerClient);
const SCHEDULER = {
  group: 'atende-test-campaign-starts',
  target: 'arn:aws:lambda:us-east-1:000000000000:function:campaign-starts',
  role: 'arn:aws:iam::000000000000:role/campaign-start-invoker',
};
let world: Awaited<ReturnType<typeof campaignWorld>>;

const startJob = async (companyId: string, id: string) =>
  (
    await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: campaignKeys.job(companyId, id, 'START') }),
    )
  ).Item;

beforeAll(async () => {
  world = await campaignWorld();
  process.env[ENV.campaignStartScheduler] = JSON.stringify(SCHEDULER);
});
afterAll(() => {
  delete process.env[ENV.campaignStartScheduler];
  scheduler.restore();
});
beforeEach(() => {
  scheduler.reset();
  fakeDispatchQueue();
});

describe('scheduled starts on EventBridge Scheduler (AWS)', () => {
  it('creates one at(...) schedule for the campaign and keeps no job item for the minute sweep', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    const { tagId } = await world.audience(1);
    const at = new Date(Date.now() + 30 * 60_000);
    at.setUTCMilliseconds(250);
    const id = await world.create(tagId, { scheduled_at: at.toISOString() });
    expect((await world.view(id)).status).toBe(1);
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input).toMatchObject({
      Name: startScheduleName(id),
      GroupName: SCHEDULER.group,
      ScheduleExpression: `at(${at.toISOString().slice(0, 19)})`,
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: SCHEDULER.target, RoleArn: SCHEDULER.role },
    });
    expect(JSON.parse(input?.Target?.Input ?? '{}')).toEqual({
      kind: 'campaign-start',
      company: world.a.companyId,
      campaign: id,
    });
    expect(startScheduleName(id).length).toBeLessThanOrEqual(64);
    expect(await startJob(world.a.companyId, id)).toBeUndefined();
    // The minute sweep has nothing to start: the one-time schedule does it.
    expect((await startDueCampaigns(new Date(at.getTime() + 60_000))).started).toBe(0);

    // The schedule fires: the campaign starts, once, even if Scheduler retries the invocation.
    const event = JSON.parse(input?.Target?.Input ?? '{}') as unknown;
    expect(await scheduleHandler(event)).toEqual({ started: 1 });
    expect(await scheduleHandler(event)).toEqual({ started: 0 });
    expect((await world.view(id)).status).toBe(2);
  });

  it('cancelling deletes the schedule, and a schedule that fires anyway starts nothing', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    scheduler.on(DeleteScheduleCommand).resolves({});
    const { tagId } = await world.audience(1);
    const id = await world.create(tagId, { scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const cancelled = await callRoute(handler, cancelCampaign, {
      token: world.a.admin.token,
      params: { id },
    });
    expect(cancelled.status).toBe(200);
    const deletes = scheduler.commandCalls(DeleteScheduleCommand);
    expect(deletes.map((call) => call.args[0].input)).toEqual([
      { Name: startScheduleName(id), GroupName: SCHEDULER.group },
    ]);
    const fired = { kind: 'campaign-start', company: world.a.companyId, campaign: id };
    expect(await scheduleHandler(fired)).toEqual({ started: 0 });
    expect((await world.view(id)).status).toBe(4);
  });

  it('starting now removes the schedule; a schedule already gone is not an error', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    scheduler
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    const { tagId } = await world.audience(1);
    const id = await world.create(tagId, { scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const started = await world.start(id);
    expect(started.status).toBe(200);
    expect(scheduler.commandCalls(DeleteScheduleCommand)).toHaveLength(1);
    expect((await world.view(id)).status).toBe(2);
  });

  it('a schedule Scheduler refused leaves no campaign looking scheduled', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new Error('AccessDenied'));
    const { tagId } = await world.audience(1);
    await expect(
      world.create(tagId, { scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString() }),
    ).rejects.toThrow();
    const list = await callRoute(handler, listCampaigns, { token: world.a.admin.token, query: {} });
    const campaigns = (list.body as { campaigns: CampaignView[] }).campaigns;
    expect(campaigns.length).toBeGreaterThan(0);
    expect(campaigns.filter((campaign) => campaign.status === 1)).toEqual([]);
    expect(campaigns[0]?.status).toBe(4);
  });

  it('writes the one-time expression in UTC without milliseconds', () => {
    expect(atExpression('2026-12-01T09:30:15.123-03:00')).toBe('at(2026-12-01T12:30:15)');
  });
});
