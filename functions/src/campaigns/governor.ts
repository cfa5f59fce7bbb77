import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The burst a bucket holds: a tenth of a second's worth. With the provider measuring over a second, the most
 * any second can carry is rate + burst; keeping the burst small keeps every worker together under the cap.
 */
const burstOf = (rate: number) => Math.max(1, Math.ceil(rate / 10));

/**
 * A token bucket per sending number, kept in DynamoDB so every dispatch worker (Lambda instance) draws from
 * the same one: each take is a conditional write on the bucket's last refill time, so two workers never
 * spend the same tokens. Answers true once `count` tokens were taken (waiting for the refill as needed), false
 * when `stopped` turned true first.
 */
export async function takeTokens(
  companyId: string,
  integrationId: string,
  rate: number,
  stopped: () => boolean = () => false,
  count = 1,
): Promise<boolean> {
  const key = campaignKeys.bucket(companyId, integrationId);
  const burst = burstOf(rate);
  while (!stopped()) {
    const { Item } = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: key, ConsistentRead: true }),
    );
    const now = Date.now();
    const at = typeof Item?.at === 'number' ? Item.at : undefined;
    const stored = typeof Item?.tokens === 'number' ? Item.tokens : burst;
    const available =
      at === undefined ? burst : Math.min(burst, stored + (Math.max(0, now - at) / 1000) * rate);
    if (available < count) {
      // Short naps, so a stop (the provider paced another lane) is noticed soon.
      await sleep(Math.min(200, Math.max(1, ((count - available) / rate) * 1000)));
      continue;
    }
    try {
      await clients().document.send(
        new UpdateCommand({
          TableName: config().mainTable,
          Key: key,
          UpdateExpression: 'SET tokens = :tokens, #at = :now',
          ConditionExpression: at === undefined ? 'attribute_not_exists(pk)' : '#at = :at',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: {
            ':tokens': available - count,
            ':now': now,
            ...(at === undefined ? {} : { ':at': at }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return false;
}

/**
 * The provider said "too fast" (130429): the bucket goes into debt for `seconds`, so every worker of this
 * number waits that long before its next send instead of hammering the provider.
 */
export async function backOff(companyId: string, integrationId: string, rate: number, seconds: number) {
  await clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: campaignKeys.bucket(companyId, integrationId),
      UpdateExpression: 'SET tokens = :debt, #at = :now',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: { ':debt': -rate * seconds, ':now': Date.now() },
    }),
  );
}

/**
 * One worker's share of the bucket: its lanes draw from a local pool refilled a burst at a time (never more
 * than it still needs), so eight lanes cost one bucket write per burst instead of eight contending ones.
 */
export function tokenPool(
  companyId: string,
  integrationId: string,
  rate: number,
  needed: number,
  stopped: () => boolean,
) {
  let local = 0;
  let remaining = needed;
  let refill: Promise<boolean> | undefined;
  const take = async (): Promise<boolean> => {
    for (;;) {
      if (stopped()) return false;
      if (local > 0) {
        local -= 1;
        return true;
      }
      if (!refill) {
        const count = Math.max(1, Math.min(burstOf(rate), remaining));
        refill = takeTokens(companyId, integrationId, rate, stopped, count).then((taken) => {
          if (taken) {
            local += count;
            remaining -= count;
          }
          refill = undefined;
          return taken;
        });
      }
      if (!(await refill)) return false;
    }
  };
  return { take };
}
