import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CAMPAIGN_STARTS_INDEX } from './keys.ts';
import { beginDispatch } from './lifecycle.ts';
import { takeStart } from './store.ts';

/** Scheduled starts whose time has come, every company's, earliest first. */
async function dueStarts(now: Date): Promise<{ companyId: string; id: string }[]> {
  const found: { companyId: string; id: string }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
        ExpressionAttributeValues: { ':pk': CAMPAIGN_STARTS_INDEX, ':now': `${now.toISOString()}#~` },
        ProjectionExpression: 'company, campaign',
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (typeof item.company === 'string' && typeof item.campaign === 'string')
        found.push({ companyId: item.company, id: item.campaign });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

/**
 * The campaign-starts schedule (every minute): each scheduled campaign whose time came starts once (the start
 * item is claimed by deleting it, so overlapping runs cannot start it twice).
 */
export async function startDueCampaigns(now = new Date()): Promise<{ started: number }> {
  let started = 0;
  for (const { companyId, id } of await dueStarts(now)) {
    if (!(await takeStart(companyId, id))) continue;
    if (await beginDispatch(companyId, id, [CAMPAIGN_STATUS.scheduled])) started += 1;
  }
  return { started };
}

export const handler = async (): Promise<{ started: number }> => startDueCampaigns();
