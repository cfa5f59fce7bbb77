import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { failedConditions } from '../auth/conditions.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { contactKeys } from './keys.ts';

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

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => config().mainTable;

export async function listCatalogue<T extends { _id: string }>(
  catalogue: Catalogue<T>,
  companyId: string,
): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': contactKeys.catalogue(companyId, catalogue.kind) },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) items.push(catalogue.schema.parse(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export async function getCatalogueItem<T extends { _id: string }>(
  catalogue: Catalogue<T>,
  companyId: string,
  id: string,
): Promise<T | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: table(),
      Key: contactKeys.catalogueItem(companyId, catalogue.kind, id),
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
  const key = contactKeys.catalogueItem(companyId, catalogue.kind, id);
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
  const writes: TransactItem[] = [itemWrite];
  let claimIndex = -1;
  if (claimBefore !== claimAfter) {
    if (claimBefore) {
      writes.push({
        Delete: {
          TableName: table(),
          Key: contactKeys.catalogueClaim(companyId, catalogue.kind, claimBefore),
        },
      });
    }
    if (claimAfter) {
      claimIndex = writes.length;
      writes.push({
        Put: {
          TableName: table(),
          Item: { ...contactKeys.catalogueClaim(companyId, catalogue.kind, claimAfter), owner: id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
  }
  try {
    await clients().document.send(new TransactWriteCommand({ TransactItems: [...writes, ...extra] }));
  } catch (error) {
    const failed = failedConditions(error);
    if (failed.includes(claimIndex)) throw new Conflict(catalogue.taken, catalogue.takenField);
    if (failed.includes(0)) throw before ? new NotFound(catalogue.notFound) : new Conflict(catalogue.taken);
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
