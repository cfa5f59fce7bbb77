import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { decodeCursor, encodeCursor, type Key } from './cursor.ts';

export type Item = Record<string, unknown>;
/** A Query without the parts the helpers own: the table defaults to the main table, paging is theirs. */
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> & { TableName?: string };

const command = (input: QueryInput, start: Key | undefined) =>
  new QueryCommand({ ...input, TableName: input.TableName ?? config().mainTable, ExclusiveStartKey: start });

/**
 * The DynamoDB pages of a Query, one at a time, from `start`. The caller stops whenever it has read enough;
 * `Limit` bounds each page's reads.
 */
export async function* queryPages(
  input: QueryInput,
  start?: Key,
): AsyncGenerator<{ items: Item[]; last?: Key }> {
  let from = start;
  do {
    const page = await clients().document.send(command(input, from));
    from = page.LastEvaluatedKey;
    yield { items: page.Items ?? [], ...(from ? { last: from } : {}) };
  } while (from);
}

/** One DynamoDB page of a Query from `start`, with the key to go on from (absent at the end). */
export async function queryOnce(input: QueryInput, start?: Key): Promise<{ items: Item[]; last?: Key }> {
  const page = await clients().document.send(command(input, start));
  return { items: page.Items ?? [], ...(page.LastEvaluatedKey ? { last: page.LastEvaluatedKey } : {}) };
}

/** Every item of a Query, through all its pages. */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...page.items);
  return items;
}

/** Counts the items of a Query (Select COUNT over every page). */
export async function countQuery(input: Omit<QueryInput, 'Select'>): Promise<number> {
  let total = 0;
  let from: Key | undefined;
  do {
    const page = await clients().document.send(command({ ...input, Select: 'COUNT' }, from));
    total += page.Count ?? 0;
    from = page.LastEvaluatedKey;
  } while (from);
  return total;
}

/**
 * One DynamoDB page of a Query (up to `Limit`), resumed from an opaque cursor of the caller's company and
 * answering the next one (null at the end). `partition` is the queried partition key value: a cursor of
 * any other partition is refused.
 */
export async function queryOnePage(
  input: QueryInput,
  page: { companyId: string; cursor: string | undefined; partition?: string },
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const start = decodeCursor(page.cursor, page.companyId, page.partition);
  const answer = await queryOnce(input, start);
  return { items: answer.items, nextCursor: answer.last ? encodeCursor(answer.last) : null };
}

/** Every item of a partition of the main table whose sort key starts with `prefix`, through all pages. */
export const queryAllByPrefix = (
  pk: string,
  prefix: string,
  options: Partial<QueryInput> = {},
): Promise<Item[]> =>
  queryAll({
    ...options,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  });
