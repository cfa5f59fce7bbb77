import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

type Item = Record<string, unknown>;

export interface PageRequest {
  companyId: string;
  index?: 'gsi1' | 'gsi2' | 'gsi3';
  partitionKey: string;
  /** Extra key condition on the sort key, e.g. begins_with. */
  sortCondition?: { expression: string; values: Item };
  filter?: { expression: string; names?: Record<string, string>; values?: Item };
  newestFirst: boolean;
  limit: number;
  cursor: string | undefined;
  /**
   * Turns each queried item into the one the page answers (an index item into what it points at), in order;
   * undefined drops it. The cursor stays on the queried items.
   */
  load?: (items: Item[]) => Promise<(Item | undefined)[]>;
  /** A check DynamoDB cannot express (visibility); rejected items do not count towards the page. */
  accept?: (item: Item) => boolean;
}

const READ_FACTOR = 3;
const MAX_READS = 10;

/**
 * One page of a Query, filled up to `limit` across DynamoDB pages. The cursor is the key of the last item
 * returned (not DynamoDB's last evaluated key), so items skipped past the page are read again next time.
 */
export async function fillPage(request: PageRequest): Promise<{ items: Item[]; nextCursor: string | null }> {
  const pkName = request.index ? `${request.index}pk` : 'pk';
  const skName = request.index ? `${request.index}sk` : 'sk';
  const names: Record<string, string> = { '#pk': pkName, ...(request.filter?.names ?? {}) };
  const values: Item = {
    ':pk': request.partitionKey,
    ...(request.sortCondition?.values ?? {}),
    ...(request.filter?.values ?? {}),
  };
  if (request.sortCondition) names['#sk'] = skName;
  const input: Omit<QueryCommandInput, 'ExclusiveStartKey'> = {
    TableName: config().mainTable,
    ...(request.index ? { IndexName: request.index } : {}),
    KeyConditionExpression: `#pk = :pk${request.sortCondition ? ` AND ${request.sortCondition.expression}` : ''}`,
    ...(request.filter ? { FilterExpression: request.filter.expression } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: !request.newestFirst,
    Limit: request.limit * READ_FACTOR,
    ...(request.index ? {} : { ConsistentRead: true }),
  };
  const items: Item[] = [];
  let start = decodeCursor(request.cursor, request.companyId);
  let lastExamined: Item | undefined;
  let more = false;
  for (let read = 0; read < MAX_READS; read += 1) {
    const page = await clients().document.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    const found = page.Items ?? [];
    const loaded = request.load ? await request.load(found) : found;
    let index = 0;
    for (; index < found.length && items.length < request.limit; index += 1) {
      const answer = loaded[index];
      if (answer && (!request.accept || request.accept(answer))) items.push(answer);
      lastExamined = keyOf(found[index] as Item, pkName, skName);
    }
    if (items.length >= request.limit) {
      more = index < found.length || page.LastEvaluatedKey !== undefined;
      break;
    }
    if (!page.LastEvaluatedKey) break;
    start = page.LastEvaluatedKey;
    lastExamined = page.LastEvaluatedKey;
    more = read === MAX_READS - 1;
  }
  return { items, nextCursor: more && lastExamined ? encodeCursor(lastExamined) : null };
}

function keyOf(item: Item, pkName: string, skName: string): Item {
  const key: Item = { pk: item.pk, sk: item.sk };
  if (pkName !== 'pk') {
    key[pkName] = item[pkName];
    key[skName] = item[skName];
  }
  return key;
}
