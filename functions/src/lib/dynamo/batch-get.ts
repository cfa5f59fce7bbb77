import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { backoff, UnprocessedError } from './backoff.ts';

export type Item = Record<string, unknown>;
export interface ItemKey {
  pk: string;
  sk: string;
}

/** BatchGetItem's limit of keys per request. */
const BATCH_SIZE = 100;
const DEFAULT_ATTEMPTS = 6;

export interface BatchGetOptions {
  /** Attributes to read; pk and sk are always read, so answers can be matched to their keys. */
  attributes?: readonly string[];
  /** Strongly consistent reads (the default); false halves the read cost where a stale answer is fine. */
  consistent?: boolean;
  /** Requests per chunk before giving up on keys DynamoDB keeps leaving unprocessed. */
  attempts?: number;
  table?: string;
}

const keyId = (key: ItemKey) => `${key.pk}\u0000${key.sk}`;

function projection(attributes: readonly string[] | undefined) {
  if (!attributes) return {};
  const names = [...new Set(['pk', 'sk', ...attributes])];
  return {
    ProjectionExpression: names.map((_, index) => `#p${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#p${index}`, name])),
  };
}

/**
 * Reads the items of `keys` (duplicates read once) in chunks of 100, retrying what DynamoDB leaves
 * unprocessed with exponential backoff and full jitter (as the SDK guidance asks: an immediate retry of a
 * throttled partition is throttled again); after `attempts` requests a chunk still not read throws
 * UnprocessedError rather than answering as if those items did not exist. Answers found items by key.
 */
export async function batchGet(
  keys: readonly ItemKey[],
  options: BatchGetOptions = {},
): Promise<Map<string, Item>> {
  const table = options.table ?? config().mainTable;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const unique = [...new Map(keys.map((key) => [keyId(key), { pk: key.pk, sk: key.sk }])).values()];
  const found = new Map<string, Item>();
  for (let start = 0; start < unique.length; start += BATCH_SIZE) {
    let pending: Item[] = unique.slice(start, start + BATCH_SIZE);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= attempts) throw new UnprocessedError('BatchGetItem', pending.length);
      if (attempt > 0) await backoff(attempt);
      const result = await clients().document.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ConsistentRead: options.consistent ?? true,
              ...projection(options.attributes),
            },
          },
        }),
      );
      for (const item of result.Responses?.[table] ?? []) {
        found.set(keyId({ pk: String(item.pk), sk: String(item.sk) }), item);
      }
      pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return found;
}

export const itemOf = (items: ReadonlyMap<string, Item>, key: ItemKey): Item | undefined =>
  items.get(keyId(key));

/** The items of `keys` in the order asked, those that do not exist left out. */
export async function batchGetInOrder(
  keys: readonly ItemKey[],
  options: BatchGetOptions = {},
): Promise<Item[]> {
  const found = await batchGet(keys, options);
  const seen = new Set<string>();
  return keys.flatMap((key) => {
    const id = keyId(key);
    const item = found.get(id);
    if (!item || seen.has(id)) return [];
    seen.add(id);
    return [item];
  });
}
