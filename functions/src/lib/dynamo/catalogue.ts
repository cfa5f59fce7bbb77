import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { Conflict, NotFound } from '../errors.ts';
import { queryAll } from './query.ts';
import { conditionFailed, type TransactItem, transactWrite } from './transaction.ts';

/**
 * Keys of catalogue items:
 * - item:  pk C#<cid>#<KIND>                     sk <id>
 * - claim: pk C#<cid>#<KIND>_KEY#<unique value>  sk CLAIM   (keeps a name/shortcut/key unique in the company)
 */
export const catalogueKeys = {
  list: (companyId: string, kind: string) => `C#${companyId}#${kind}`,
  item: (companyId: string, kind: string, id: string) => ({ pk: `C#${companyId}#${kind}`, sk: id }),
  claim: (companyId: string, kind: string, value: string) => ({
    pk: `C#${companyId}#${kind}_KEY#${value}`,
    sk: 'CLAIM',
  }),
};

/**
 * A small per-company list (tags, wallets, quick messages, variables, commands, custom fields): one Query
 * reads it, and a claim item per unique value (name, shortcut, key) keeps that value unique in the company
 * even under concurrent writes.
 */
export interface Catalogue<T extends { _id: string }> {
  /** Key segment, e.g. "TAGS". */
  kind: string;
  schema: z.ZodType<T>;
  /** The normalized value that must be unique in the company, if any. */
  unique?: (item: T) => string;
  notFound: string;
  taken: string;
  /** The field named by a 409. */
  takenField: string;
  /** Attributes other writers keep (customers_count): an update leaves them alone. */
  counters?: readonly string[];
}

const table = () => config().mainTable;

export async function listCatalogue<T extends { _id: string }>(
  catalogue: Catalogue<T>,
  companyId: string,
): Promise<T[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': catalogueKeys.list(companyId, catalogue.kind) },
  });
  return items.map((item) => catalogue.schema.parse(item));
}

export async function getCatalogueItem<T extends { _id: string }>(
  catalogue: Catalogue<T>,
  companyId: string,
  id: string,
): Promise<T | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: table(),
      Key: catalogueKeys.item(companyId, catalogue.kind, id),
      ConsistentRead: true,
    }),
  );
  return Item ? catalogue.schema.parse(Item) : undefined;
}

export async function requireCatalogueItem<T extends { _id: string }>(
  catalogue: Catalogue<T>,
  companyId: string,
  id: string,
): Promise<T> {
  const item = await getCatalogueItem(catalogue, companyId, id);
  if (!item) throw new NotFound(catalogue.notFound);
  return item;
}

/**
 * Writes a change of one item: `before` undefined creates, `after` undefined deletes; an update sets the
 * changed item's fields except the counters. The unique value's claim moves with it in the same transaction,
 * and so do the `extra` writes (an audit entry).
 */
export async function writeCatalogueItem<T extends { _id: string }>(
  catalogue: Catalogue<T>,
  companyId: string,
  before: T | undefined,
  after: T | undefined,
  extra: readonly TransactItem[] = [],
): Promise<void> {
  const id = (after ?? before)?._id as string;
  const key = catalogueKeys.item(companyId, catalogue.kind, id);
  const itemWrite: TransactItem = !after
    ? { Delete: { TableName: table(), Key: key, ConditionExpression: 'attribute_exists(pk)' } }
    : before
      ? updateOf(key, after, catalogue.counters ?? [])
      : {
          Put: {
            TableName: table(),
            Item: { ...key, entity: catalogue.kind.toLowerCase(), ...after },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        };
  const claimBefore = before && catalogue.unique?.(before);
  const claimAfter = after && catalogue.unique?.(after);
  const claimMoves = claimBefore !== claimAfter;
  try {
    await transactWrite({
      item: itemWrite,
      oldClaim:
        claimMoves && claimBefore
          ? {
              Delete: {
                TableName: table(),
                Key: catalogueKeys.claim(companyId, catalogue.kind, claimBefore),
              },
            }
          : undefined,
      newClaim:
        claimMoves && claimAfter
          ? {
              Put: {
                TableName: table(),
                Item: { ...catalogueKeys.claim(companyId, catalogue.kind, claimAfter), owner: id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            }
          : undefined,
      extra,
    });
  } catch (error) {
    if (conditionFailed(error, 'newClaim')) throw new Conflict(catalogue.taken, catalogue.takenField);
    if (conditionFailed(error, 'item'))
      throw before ? new NotFound(catalogue.notFound) : new Conflict(catalogue.taken);
    throw error;
  }
}

function updateOf(key: { pk: string; sk: string }, item: object, counters: readonly string[]): TransactItem {
  const entries = Object.entries(item).filter(([name]) => name !== '_id' && !counters.includes(name));
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `SET ${entries.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
    },
  };
}
