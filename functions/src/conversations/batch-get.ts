import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';

type Item = Record<string, unknown>;
export interface ItemKey {
  pk: string;
  sk: string;
}

const BATCH_SIZE = 100;
const ATTEMPTS = 5;

const keyId = (key: ItemKey) => `${key.pk}\u0000${key.sk}`;

/**
 * Reads the items of `keys` (duplicates read once) with BatchGetItem, retrying what DynamoDB leaves
 * unprocessed; answers them by key, missing items absent.
 */
export async function batchGet(
  keys: readonly ItemKey[],
  projection?: { expression: string; names?: Record<string, string> },
): Promise<Map<string, Item>> {
  const table = config().mainTable;
  const unique = [...new Map(keys.map((key) => [keyId(key), key])).values()];
  const found = new Map<string, Item>();
  for (let start = 0; start < unique.length; start += BATCH_SIZE) {
    let pending: Item[] = unique.slice(start, start + BATCH_SIZE).map((key) => ({ ...key }));
    for (let attempt = 0; pending.length > 0 && attempt < ATTEMPTS; attempt += 1) {
      const result = await clients().document.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ConsistentRead: true,
              ...(projection
                ? {
                    ProjectionExpression: projection.expression,
                    ...(projection.names ? { ExpressionAttributeNames: projection.names } : {}),
                  }
                : {}),
            },
          },
        }),
      );
      for (const item of result.Responses?.[table] ?? []) {
        found.set(keyId({ pk: String(item.pk), sk: String(item.sk) }), item);
      }
      pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    if (pending.length > 0) throw new Error('batch read left unprocessed keys');
  }
  return found;
}

export const itemOf = (items: Map<string, Item>, key: ItemKey): Item | undefined => items.get(keyId(key));
