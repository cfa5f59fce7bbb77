import { type MessagingTier, TIER_LIMITS } from '@atende/shared/contracts/campaigns/sender-routes';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { conditionFailed, epochSeconds, transactWrite } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** `yyyy-mm-ddThh`: the hour bucket a new unique recipient is counted in. */
const hourOf = (time: number) => new Date(time).toISOString().slice(0, 13);

/** New unique recipients counted in the hour buckets from `hoursBack` hours ago up to `hoursUpTo` ago. */
async function bucketSum(
  companyId: string,
  integrationId: string,
  now: number,
  hoursBack: number,
  hoursUpTo: number,
): Promise<number> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': campaignKeys.tierHours(companyId, integrationId),
      ':from': `H#${hourOf(now - hoursBack * HOUR_MS)}`,
      ':to': `H#${hourOf(now - hoursUpTo * HOUR_MS)}`,
    },
  });
  return items.reduce((sum, item) => sum + (typeof item.used === 'number' ? item.used : 0), 0);
}

/** Unique recipients this number reached in the rolling 24 h (this hour and the 23 before, by hour). */
export const reachedIn24h = (companyId: string, integrationId: string, now = Date.now()) =>
  bucketSum(companyId, integrationId, now, 23, 0);

/**
 * The daily unique-recipient tier of one number, as a gate each send passes before its claim. A recipient
 * reached in the last 24 h passes without counting again; a new one takes a slot in this hour's bucket with a
 * conditional write capped at the tier minus the 23 earlier hours (closed buckets, read once per hour), so
 * every worker of the number together never passes the tier. Answers false once the tier is reached.
 */
export function tierGate(companyId: string, integrationId: string, tier: MessagingTier) {
  const limit = TIER_LIMITS[tier];
  let capHour = '';
  let cap = 0;
  return async (phoneDigits: string): Promise<boolean> => {
    if (!Number.isFinite(limit)) return true;
    const now = Date.now();
    const hour = hourOf(now);
    if (hour !== capHour) {
      cap = limit - (await bucketSum(companyId, integrationId, now, 23, 1));
      capHour = hour;
    }
    if (cap <= 0) return false;
    try {
      await transactWrite({
        reach: {
          Put: {
            TableName: config().mainTable,
            Item: {
              ...campaignKeys.reach(companyId, integrationId, phoneDigits),
              at: now,
              expiresAt: epochSeconds(new Date(now + DAY_MS)),
            },
            ConditionExpression: 'attribute_not_exists(pk) OR #at < :dayAgo',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: { ':dayAgo': now - DAY_MS },
          },
        },
        hour: {
          Update: {
            TableName: config().mainTable,
            Key: campaignKeys.tierHour(companyId, integrationId, hour),
            UpdateExpression: 'ADD #used :one SET expiresAt = :expires',
            ConditionExpression: 'attribute_not_exists(#used) OR #used < :cap',
            ExpressionAttributeNames: { '#used': 'used' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':cap': cap,
              ':expires': epochSeconds(new Date(now + DAY_MS + HOUR_MS)),
            },
          },
        },
      });
      return true;
    } catch (error) {
      if (conditionFailed(error, 'reach')) return true;
      if (conditionFailed(error, 'hour')) return false;
      throw error;
    }
  };
}

/** When a tier-paused number may have room again: the next hour, when the oldest bucket leaves the window. */
export const nextTierWindow = (now = new Date()) =>
  new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS + 1000);
