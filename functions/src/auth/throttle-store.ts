import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { epochSeconds, isConditionFailure } from '../lib/dynamo/transaction.ts';
import { keys, type ThrottleKind } from './keys.ts';

export interface ThrottleCounter {
  count: number;
  windowEndsAt: number;
}

/** Reads the failure counters of an e-mail and an address; an ended window counts as none. */
export async function readThrottle(
  subjects: ReadonlyArray<{ kind: ThrottleKind; subject: string }>,
  now: Date,
): Promise<ThrottleCounter[]> {
  return Promise.all(
    subjects.map(async ({ kind, subject }) => {
      const { Item } = await clients().document.send(
        new GetCommand({
          TableName: config().mainTable,
          Key: keys.throttle(kind, subject),
          ConsistentRead: true,
        }),
      );
      const windowEndsAt = Number(Item?.expiresAt ?? 0);
      return windowEndsAt > epochSeconds(now)
        ? { count: Number(Item?.count ?? 0), windowEndsAt }
        : { count: 0, windowEndsAt: 0 };
    }),
  );
}

/**
 * Counts one failure in a fixed window. The item expires (TTL) with its window; until DynamoDB deletes it,
 * an ended window is replaced by a fresh one.
 */
export async function countFailure(
  kind: ThrottleKind,
  subject: string,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const table = config().mainTable;
  const key = keys.throttle(kind, subject);
  const nowSeconds = epochSeconds(now);
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :end)',
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt > :now',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':end': nowSeconds + windowSeconds, ':now': nowSeconds },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await clients().document.send(
      new PutCommand({ TableName: table, Item: { ...key, count: 1, expiresAt: nowSeconds + windowSeconds } }),
    );
  }
}

export async function clearFailures(kind: ThrottleKind, subject: string): Promise<void> {
  await clients().document.send(
    new DeleteCommand({ TableName: config().mainTable, Key: keys.throttle(kind, subject) }),
  );
}
