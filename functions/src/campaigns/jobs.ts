import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryPages } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { CAMPAIGN_STARTS_INDEX, campaignKeys, SCHEDULED_JOBS, type ScheduledJob } from './keys.ts';

const table = () => config().mainTable;

/** A campaign job due at `at`, in the every-company index the minute schedule reads (one per kind). */
export async function putJob(companyId: string, id: string, job: ScheduledJob, at: Date | string) {
  const due = typeof at === 'string' ? at : at.toISOString();
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...campaignKeys.job(companyId, id, job),
        gsi3pk: CAMPAIGN_STARTS_INDEX,
        gsi3sk: `${due}#${companyId}#${id}#${job}`,
        company: companyId,
        campaign: id,
      },
    }),
  );
}

/** Removes the job; true for the one caller that removed it (claims the job). */
export async function takeJob(companyId: string, id: string, job: ScheduledJob): Promise<boolean> {
  try {
    await clients().document.send(
      new DeleteCommand({
        TableName: table(),
        Key: campaignKeys.job(companyId, id, job),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface DueJob {
  companyId: string;
  id: string;
  job: ScheduledJob;
}

const isJob = (value: unknown): value is ScheduledJob =>
  (SCHEDULED_JOBS as readonly unknown[]).includes(value);

/** Jobs whose time has come, every company's, earliest first. */
export async function dueJobs(now: Date): Promise<DueJob[]> {
  const found: DueJob[] = [];
  const pages = queryPages({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
    ExpressionAttributeValues: { ':pk': CAMPAIGN_STARTS_INDEX, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: 'company, campaign, sk',
  });
  for await (const page of pages) {
    for (const item of page.items) {
      if (typeof item.company === 'string' && typeof item.campaign === 'string' && isJob(item.sk))
        found.push({ companyId: item.company, id: item.campaign, job: item.sk });
    }
  }
  return found;
}
