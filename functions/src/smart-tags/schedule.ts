import { queryPages } from '../lib/dynamo/query.ts';
import { logger } from '../lib/logger.ts';
import { DAILY_INDEX } from './records.ts';
import { startRun } from './run-start.ts';

/**
 * The daily run: every smart tag whose conditions count days ("no contact in the last 30 days") is recomputed,
 * since time alone moves contacts in and out of it. Other smart tags change only with the contacts and
 * conversations, whose hooks keep them current.
 */
export async function queueDailyRefresh(): Promise<{ queued: number }> {
  let queued = 0;
  const pages = queryPages({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    FilterExpression: 'time_based = :yes',
    ExpressionAttributeValues: { ':pk': DAILY_INDEX, ':yes': true },
    ProjectionExpression: 'gsi3sk',
  });
  for await (const page of pages) {
    for (const item of page.items) {
      const [companyId, tagId] = String(item.gsi3sk).split('#');
      if (!companyId || !tagId) continue;
      await startRun(companyId, tagId);
      queued += 1;
    }
  }
  if (queued > 0) logger.info('smart tags queued for the daily run', { queued });
  return { queued };
}

export const handler = async (): Promise<{ queued: number }> => queueDailyRefresh();
