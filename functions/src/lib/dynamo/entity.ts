import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE } from '@atende/shared/infra/tables';
import type { z } from 'zod';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { batchGetInOrder, type BatchGetOptions, type ItemKey } from './batch-get.ts';
import { getItem } from './get-item.ts';
import { type Item, queryAll, queryOnePage, queryPages, type QueryInput } from './query.ts';
import type { Key } from './cursor.ts';
import type { TransactItem } from './transaction.ts';

export type { ItemKey };

/**
 * The physical GSIs of the main table (shared/src/infra/tables.ts), or the table's own key ('table'): entities
 * give each use a name saying what it is for.
 */
export type IndexName = 'table' | 'gsi1' | 'gsi2' | 'gsi3';

const physical = new Map(MAIN_TABLE.indexes.map((index) => [index.name, index]));

/** Attribute names of an index's keys, from the table's one definition. */
export function indexAttributes(index: IndexName): { pk: string; sk: string } {
  if (index === 'table') return { pk: MAIN_TABLE.partitionKey, sk: MAIN_TABLE.sortKey };
  const definition = physical.get(index);
  if (!definition) throw new Error(`the main table has no index ${index}`);
  return { pk: definition.partitionKey, sk: definition.sortKey };
}

/** A condition of a write, in the SDK's own words so existing expressions move over unchanged. */
export interface Condition {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export interface UpdateParts extends Condition {
  UpdateExpression: string;
}

/** A condition on an index's (or the table's) sort key. */
export type SortCondition =
  | { beginsWith: string }
  | { between: readonly [string, string] }
  | { gte: string }
  | { lte: string }
  | { lt: string };

type Partition = (...args: never[]) => string;

/** A named use of a GSI (or of the table's key): what partition a query reads, and where an item sits in it. */
export interface IndexDeclaration<T, P extends Partition = Partition> {
  index: IndexName;
  partition: P;
  /** The item's keys in this index; undefined leaves it out (a sparse index). Absent: never derived here. */
  of?: (record: T) => { pk: string; sk: string } | undefined;
}

export interface EntityDeclaration<T, K extends unknown[], I extends Record<string, IndexDeclaration<T>>> {
  /** The stored `entity` attribute. */
  name: string;
  schema: z.ZodType<T>;
  key: (...args: K) => ItemKey;
  /** The key arguments of a record; without it, writes name the key (records that do not hold their key). */
  keyOf?: (record: T) => K;
  indexes?: I;
}

/** Query options beside the key condition, which the entity writes. */
export type EntityQueryOptions = Omit<QueryInput, 'IndexName' | 'KeyConditionExpression'> & {
  sort?: SortCondition;
};

function sortExpression(sort: SortCondition): { expression: string; values: Record<string, string> } {
  if ('beginsWith' in sort)
    return { expression: 'begins_with(#ek_sk, :ek_sk)', values: { ':ek_sk': sort.beginsWith } };
  if ('between' in sort) {
    return {
      expression: '#ek_sk BETWEEN :ek_from AND :ek_to',
      values: { ':ek_from': sort.between[0], ':ek_to': sort.between[1] },
    };
  }
  if ('gte' in sort) return { expression: '#ek_sk >= :ek_sk', values: { ':ek_sk': sort.gte } };
  if ('lte' in sort) return { expression: '#ek_sk <= :ek_sk', values: { ':ek_sk': sort.lte } };
  return { expression: '#ek_sk < :ek_sk', values: { ':ek_sk': sort.lt } };
}

function keyQuery(
  attributes: { pk: string; sk: string },
  partition: string,
  options: EntityQueryOptions,
  index: IndexName,
): QueryInput {
  const { sort, ...rest } = options;
  const condition = sort ? sortExpression(sort) : undefined;
  return {
    ...rest,
    ...(index === 'table' ? {} : { IndexName: index }),
    KeyConditionExpression: `#ek_pk = :ek_pk${condition ? ` AND ${condition.expression}` : ''}`,
    ExpressionAttributeNames: {
      ...rest.ExpressionAttributeNames,
      '#ek_pk': attributes.pk,
      ...(condition ? { '#ek_sk': attributes.sk } : {}),
    },
    ExpressionAttributeValues: {
      ...rest.ExpressionAttributeValues,
      ':ek_pk': partition,
      ...condition?.values,
    },
  };
}

const table = () => config().mainTable;

/**
 * One entity of the main table, declared once: its key, its named indexes and its schema. Stores read and
 * write it through these helpers (or their transaction builders), so no key string or index name is built
 * anywhere else, and every item written carries the same key, `entity` name and index attributes.
 */
export function defineEntity<
  T,
  K extends unknown[],
  I extends Record<string, IndexDeclaration<T>> = Record<never, never>,
>(declaration: EntityDeclaration<T, K, I>) {
  const indexes = (declaration.indexes ?? {}) as I;
  for (const use of Object.values(indexes)) indexAttributes(use.index);

  const key = (...args: K): ItemKey => declaration.key(...args);
  const keyOfRecord = (record: T): ItemKey => {
    if (!declaration.keyOf) throw new Error(`${declaration.name} records do not hold their key: name it`);
    return declaration.key(...declaration.keyOf(record));
  };

  /** The index attributes of a record: each declared index it belongs to. */
  const indexKeys = (record: T): Record<string, string> => {
    const attributes: Record<string, string> = {};
    for (const use of Object.values(indexes)) {
      const place = use.of?.(record);
      if (!place) continue;
      const names = indexAttributes(use.index);
      attributes[names.pk] = place.pk;
      attributes[names.sk] = place.sk;
    }
    return attributes;
  };

  /** The item as stored: key (the record's own unless `at` names it), entity name, the record, its index keys. */
  const item = (record: T, at?: ItemKey): Item => ({
    ...(at ?? keyOfRecord(record)),
    entity: declaration.name,
    ...(record as Item),
    ...indexKeys(record),
  });

  const parse = (stored: Item): T => declaration.schema.parse(stored);

  /** A Query of a named index at a partition value already known (a list's driver carries it). */
  const queryAt = (
    name: keyof I & string,
    partition: string,
    options: EntityQueryOptions = {},
  ): QueryInput => {
    const use = indexes[name] as I[keyof I];
    return keyQuery(indexAttributes(use.index), partition, options, use.index);
  };

  const indexQuery = <N extends keyof I & string>(
    name: N,
    args: Parameters<I[N]['partition']>,
    options: EntityQueryOptions = {},
  ): QueryInput => {
    const use = indexes[name] as I[N];
    return queryAt(name, (use.partition as (...values: unknown[]) => string)(...args), options);
  };

  return {
    name: declaration.name,
    schema: declaration.schema,
    indexes,
    key,
    keyOfRecord,
    indexKeys,
    item,
    parse,
    /** The partition key value a named index reads for `args`. */
    partition: <N extends keyof I & string>(name: N, ...args: Parameters<I[N]['partition']>): string =>
      ((indexes[name] as I[N]).partition as (...values: unknown[]) => string)(...args),
    /** The key attribute names of a named index. */
    indexKeyNames: (name: keyof I & string) => indexAttributes((indexes[name] as I[keyof I]).index),

    /** The stored item as it is (a caller reading another view of it parses it itself). */
    async read(itemKey: ItemKey, options: { consistent?: boolean; attributes?: string } = {}) {
      if (!options.attributes) return getItem(itemKey, { consistent: options.consistent ?? true });
      const { Item: found } = await clients().document.send(
        new GetCommand({
          TableName: table(),
          Key: itemKey,
          ConsistentRead: options.consistent ?? true,
          ...(options.attributes ? { ProjectionExpression: options.attributes } : {}),
        }),
      );
      return found;
    },
    async get(itemKey: ItemKey, options: { consistent?: boolean } = {}): Promise<T | undefined> {
      const found = await getItem(itemKey, { consistent: options.consistent ?? true });
      return found ? parse(found) : undefined;
    },
    /** The records of `keys` in the order asked, missing ones left out. */
    async batchGet(keys: readonly ItemKey[], options: BatchGetOptions = {}): Promise<T[]> {
      return (await batchGetInOrder(keys, options)).map(parse);
    },
    async put(record: T, condition: Condition = {}, at?: ItemKey): Promise<void> {
      await clients().document.send(
        new PutCommand({ TableName: table(), Item: item(record, at), ...condition }),
      );
    },
    /** An UpdateItem on the item; answers the new item when asked for ALL_NEW. */
    async update(itemKey: ItemKey, parts: UpdateParts, returnNew = false): Promise<Item | undefined> {
      const { Attributes } = await clients().document.send(
        new UpdateCommand({
          TableName: table(),
          Key: itemKey,
          ...parts,
          ...(returnNew ? { ReturnValues: 'ALL_NEW' as const } : {}),
        }),
      );
      return Attributes;
    },
    async delete(itemKey: ItemKey, condition: Condition = {}): Promise<void> {
      await clients().document.send(new DeleteCommand({ TableName: table(), Key: itemKey, ...condition }));
    },

    indexQuery,
    queryAt,
    /** Every item of a named index's partition, through all pages. */
    queryAll: <N extends keyof I & string>(
      name: N,
      args: Parameters<I[N]['partition']>,
      options: EntityQueryOptions = {},
    ): Promise<Item[]> => queryAll(indexQuery(name, args, options)),
    /** The DynamoDB pages of a named index's partition, one at a time. */
    queryPages: <N extends keyof I & string>(
      name: N,
      args: Parameters<I[N]['partition']>,
      options: EntityQueryOptions = {},
      start?: Key,
    ) => queryPages(indexQuery(name, args, options), start),
    /** One page of a named index's partition from an opaque cursor of that very partition. */
    queryPage: <N extends keyof I & string>(
      name: N,
      args: Parameters<I[N]['partition']>,
      options: EntityQueryOptions,
      page: { companyId: string; cursor: string | undefined },
    ) => {
      const input = indexQuery(name, args, options);
      return queryOnePage(input, {
        ...page,
        partition: input.ExpressionAttributeValues?.[':ek_pk'] as string,
      });
    },

    /** Transaction items (for transactWrite's named items). */
    transact: {
      put: (record: T, condition: Condition = {}, at?: ItemKey): TransactItem => ({
        Put: { TableName: table(), Item: item(record, at), ...condition },
      }),
      update: (itemKey: ItemKey, parts: UpdateParts): TransactItem => ({
        Update: { TableName: table(), Key: itemKey, ...parts },
      }),
      delete: (itemKey: ItemKey, condition: Condition = {}): TransactItem => ({
        Delete: { TableName: table(), Key: itemKey, ...condition },
      }),
      check: (
        itemKey: ItemKey,
        condition: Required<Pick<Condition, 'ConditionExpression'>> & Condition,
      ): TransactItem => ({
        ConditionCheck: { TableName: table(), Key: itemKey, ...condition },
      }),
    },
  };
}
