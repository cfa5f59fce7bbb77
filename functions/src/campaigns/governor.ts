import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { campaignKeys } from './keys.ts';
import { traced } from './pause-trace.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The burst a number idle for a while may send at once: a tenth of a second's worth. With the provider measuring
 * over a second, the most any second can carry is rate + burst; keeping the burst small keeps every worker
 * together under the cap.
 */
const burstOf = (rate: number) => Math.max(1, Math.ceil(rate / 10));

/** Sends one reservation takes: a quarter second's worth (one bucket write, most often, per reservation). */
const reservationOf = (rate: number) => Math.max(1, Math.ceil(rate / 4));

/**
 * How far ahead of its sends a worker reserves: its next reservation is under way once its reserved sends end
 * less than this ahead, so a bucket round trip slowed by a loaded table (up to this long) never leaves a lane
 * waiting.
 */
const LEAD_MS = 1_000;

/** Naps while waiting for a send's time, so a stop (the provider paced another lane) is noticed soon. */
const NAP_MS = 200;

/**
 * Waits until `time` (napping, so a stop is seen within NAP_MS): answers false when `stopped` turned true first.
 */
async function waitUntil(time: number, stopped: () => boolean): Promise<boolean> {
  for (;;) {
    if (stopped()) return false;
    const left = time - Date.now();
    if (left <= 0) return true;
    await traced('pace', () => sleep(Math.min(NAP_MS, left)));
  }
}

/**
 * The send schedule of one number, kept in DynamoDB so every dispatch worker (Lambda instance) draws from the
 * same one (a token bucket in its GCRA form): the bucket item holds `next_at`, when the number's next send may
 * go. A worker reserves `count` sends at once by moving it on by count / rate in one atomic write (no read, so
 * workers sharing the number never race), and the write's answer is where its sends start; a number idle for a
 * while (`next_at` more than a burst behind now) starts again from now less a burst, so it may send a burst at
 * once, never more. Unlike tokens, which can be taken only once they accrued, send times can be reserved ahead:
 * a worker reserves its next ones while it still sends the last, and the bucket's round trip stays out of the
 * rate. Answers the first reserved time (the others follow every 1/rate s), undefined when `stopped` turned
 * true first.
 */
export async function reserveSends(
  companyId: string,
  integrationId: string,
  rate: number,
  count: number,
  stopped: () => boolean,
): Promise<number | undefined> {
  const key = campaignKeys.bucket(companyId, integrationId);
  const interval = 1000 / rate;
  const span = count * interval;
  while (!stopped()) {
    const floor = Date.now() - burstOf(rate) * interval;
    try {
      const { Attributes } = await traced('bucket:update', () =>
        clients().document.send(
          new UpdateCommand({
            TableName: config().mainTable,
            Key: key,
            UpdateExpression: 'SET #next = #next + :span',
            ConditionExpression: '#next >= :floor',
            ExpressionAttributeNames: { '#next': 'next_at' },
            ExpressionAttributeValues: { ':span': span, ':floor': floor },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      );
      return Number(Attributes?.next_at) - span;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // Idle or new: the schedule starts again a burst behind now, unless another worker restarted it first.
      await traced('bucket:restart', () =>
        clients().document.send(
          new UpdateCommand({
            TableName: config().mainTable,
            Key: key,
            UpdateExpression: 'SET #next = :next',
            ConditionExpression: 'attribute_not_exists(#next) OR #next < :floor',
            ExpressionAttributeNames: { '#next': 'next_at' },
            ExpressionAttributeValues: { ':next': floor + span, ':floor': floor },
          }),
        ),
      );
      return floor;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return undefined;
}

/** Reserves `count` sends and waits for the last one's time: answers false when `stopped` turned true first. */
export async function takeTokens(
  companyId: string,
  integrationId: string,
  rate: number,
  stopped: () => boolean = () => false,
  count = 1,
): Promise<boolean> {
  const first = await reserveSends(companyId, integrationId, rate, count, stopped);
  if (first === undefined) return false;
  return waitUntil(first + ((count - 1) * 1000) / rate, stopped);
}

/**
 * The provider said "too fast" (130429): the number's next send moves `seconds` away, so every worker of this
 * number waits that long before its next reservation's sends instead of hammering the provider.
 */
export async function backOff(companyId: string, integrationId: string, seconds: number) {
  const until = Date.now() + seconds * 1000;
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: campaignKeys.bucket(companyId, integrationId),
        UpdateExpression: 'SET #next = :until',
        ConditionExpression: 'attribute_not_exists(#next) OR #next < :until',
        ExpressionAttributeNames: { '#next': 'next_at' },
        ExpressionAttributeValues: { ':until': until },
      }),
    );
  } catch (error) {
    // Already further away (another lane backed off longer): nothing to move.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * One worker's share of the number's schedule. Its lanes draw from send times the worker reserved ahead (a
 * quarter second's worth per bucket write, never more than the worker still needs), the next reservation under
 * way whenever those end less than LEAD_MS ahead, so a lane rarely waits for the table. Each lane sends at its
 * reserved time; a time that passed while the lanes waited for something else (a claim, a slow send) is used
 * at once, but never more than a burst ahead of the rate, so catching up never floods the provider.
 */
export function tokenPool(
  companyId: string,
  integrationId: string,
  rate: number,
  needed: number,
  stopped: () => boolean,
) {
  const interval = 1000 / rate;
  const burstMs = burstOf(rate) * interval;
  /** Reserved send times not yet taken, earliest first. */
  const times: number[] = [];
  let remaining = needed;
  let reserving: Promise<boolean> | undefined;
  /** The local pace: the earliest time of this worker's next send. */
  let cursor = 0;
  const reserve = () => {
    if (reserving || remaining <= 0) return reserving;
    const count = Math.min(remaining, reservationOf(rate));
    remaining -= count;
    reserving = reserveSends(companyId, integrationId, rate, count, stopped).then(
      (first) => {
        reserving = undefined;
        if (first === undefined) {
          remaining += count;
          return false;
        }
        for (let index = 0; index < count; index += 1) times.push(first + index * interval);
        return true;
      },
      (error: unknown) => {
        reserving = undefined;
        remaining += count;
        throw error;
      },
    );
    return reserving;
  };
  const reserveAhead = () => {
    const last = times.at(-1);
    if (last === undefined || last < Date.now() + LEAD_MS) void reserve()?.catch(() => undefined);
  };
  const take = async (): Promise<boolean> => {
    for (;;) {
      if (stopped()) return false;
      const time = times.shift();
      if (time !== undefined) {
        reserveAhead();
        const turn = Math.max(time, cursor, Date.now() - burstMs);
        cursor = turn + interval;
        return waitUntil(turn, stopped);
      }
      const pending = reserve();
      if (!pending || !(await traced('pool:empty, awaiting reservation', () => pending))) return false;
    }
  };
  return { take };
}
