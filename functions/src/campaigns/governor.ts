import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';
import { traced } from './pause-trace.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The burst a worker may send at once: a tenth of a second's worth. With the provider measuring over a second,
 * the most any second can carry is rate + burst; keeping the burst small keeps every worker together under
 * the cap. A new bucket holds this much.
 */
const burstOf = (rate: number) => Math.max(1, Math.ceil(rate / 10));

/**
 * What the shared bucket holds at most: half a second's worth. A worker takes tokens ahead of its sends (one
 * bucket read and write per take, each a DynamoDB round trip that can take a tenth of a second or more on a
 * loaded table), then spends them at the rate (see tokenPool): a bucket no bigger than what accrues during one
 * take would lose tokens at its cap on every take, and the rate with them.
 */
const capacityOf = (rate: number) => Math.max(burstOf(rate), Math.ceil(rate / 2));

/**
 * A token bucket per sending number, kept in DynamoDB so every dispatch worker (Lambda instance) draws from
 * the same one: each take is a conditional write on the bucket's last refill time, so two workers never
 * spend the same tokens. Waits until at least `atLeast` tokens are there and takes all there are up to
 * `atMost`: taking what accrued while the read and the write travelled, rather than exactly `atLeast`, keeps
 * the bucket from filling to its cap between takes (tokens past the cap are lost, and the rate with them).
 * Answers the tokens taken, 0 when `stopped` turned true first.
 */
export async function takeAvailable(
  companyId: string,
  integrationId: string,
  rate: number,
  stopped: () => boolean,
  atLeast: number,
  atMost: number,
): Promise<number> {
  const key = campaignKeys.bucket(companyId, integrationId);
  const burst = burstOf(rate);
  while (!stopped()) {
    const { Item } = await traced('bucket:get', () =>
      clients().document.send(
        new GetCommand({ TableName: config().mainTable, Key: key, ConsistentRead: true }),
      ),
    );
    const now = Date.now();
    const at = typeof Item?.at === 'number' ? Item.at : undefined;
    const stored = typeof Item?.tokens === 'number' ? Item.tokens : burst;
    const available =
      at === undefined ? burst : Math.min(capacityOf(rate), stored + (Math.max(0, now - at) / 1000) * rate);
    if (available < atLeast) {
      // Short naps, so a stop (the provider paced another lane) is noticed soon.
      await traced('bucket:empty', () =>
        sleep(Math.min(200, Math.max(1, ((atLeast - available) / rate) * 1000))),
      );
      continue;
    }
    const taken = Math.max(atLeast, Math.min(atMost, Math.floor(available)));
    try {
      await traced('bucket:update', () =>
        clients().document.send(
          new UpdateCommand({
            TableName: config().mainTable,
            Key: key,
            UpdateExpression: 'SET tokens = :tokens, #at = :now',
            ConditionExpression: at === undefined ? 'attribute_not_exists(pk)' : '#at = :at',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: {
              ':tokens': available - taken,
              ':now': now,
              ...(at === undefined ? {} : { ':at': at }),
            },
          }),
        ),
      );
      return taken;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return 0;
}

/** Takes exactly `count` tokens (see takeAvailable): answers false when `stopped` turned true first. */
export const takeTokens = async (
  companyId: string,
  integrationId: string,
  rate: number,
  stopped: () => boolean = () => false,
  count = 1,
): Promise<boolean> => (await takeAvailable(companyId, integrationId, rate, stopped, count, count)) > 0;

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
 * One worker's share of the bucket. Its lanes draw from a local pool, so eight lanes cost one bucket write per
 * refill instead of eight contending ones; the pool is refilled before it runs dry (with what the bucket holds,
 * a burst at least, never more than the worker still needs), so a lane rarely waits for the table. The
 * tokens are spent at the number's rate (a burst at most ahead of it), so taking half a second's worth at once
 * never sends it at once. A refill is under way whenever the pool holds less than that, so a slow bucket
 * round trip (up to half a second) never leaves a lane waiting.
 */
export function tokenPool(
  companyId: string,
  integrationId: string,
  rate: number,
  needed: number,
  stopped: () => boolean,
) {
  const burst = burstOf(rate);
  const capacity = capacityOf(rate);
  const interval = 1000 / rate;
  let local = 0;
  let remaining = needed;
  let refill: Promise<boolean> | undefined;
  let slot = 0;
  const refillNow = () => {
    if (refill || remaining <= 0 || local >= capacity) return refill;
    const most = Math.min(capacity - local, remaining);
    const least = Math.min(burst, most);
    refill = takeAvailable(companyId, integrationId, rate, stopped, least, most).then(
      (taken) => {
        local += taken;
        remaining -= taken;
        refill = undefined;
        return taken > 0;
      },
      (error: unknown) => {
        refill = undefined;
        throw error;
      },
    );
    return refill;
  };
  /** Waits for this token's turn: one every 1/rate s, a burst of them at most after a pause. */
  const pace = async () => {
    const now = Date.now();
    const turn = Math.max(slot, now - burst * interval);
    slot = turn + interval;
    if (turn > now) await traced('pace', () => sleep(turn - now));
  };
  const take = async (): Promise<boolean> => {
    for (;;) {
      if (stopped()) return false;
      if (local > 0) {
        local -= 1;
        void refillNow()?.catch(() => undefined);
        await pace();
        return !stopped();
      }
      const pending = refillNow();
      if (!pending || !(await traced('pool:empty, awaiting refill', () => pending))) return false;
    }
  };
  return { take };
}
