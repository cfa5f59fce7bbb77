import { DynamoDBDocumentClient, BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { newObjectId } from '@atende/shared/domain/object-id';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTables } from '../../testing/dynamodb.ts';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { UnprocessedError } from './backoff.ts';
import { batchGet, batchGetInOrder, itemOf } from './batch-get.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { queryAll, queryOnePage } from './query.ts';
import { conditionFailed, TransactionCancelled, transactWrite } from './transaction.ts';

const company = newObjectId();
const put = (pk: string, sk: string, extra: Record<string, unknown> = {}) =>
  clients().document.send(new PutCommand({ TableName: config().mainTable, Item: { pk, sk, ...extra } }));

beforeAll(async () => {
  await useTestTables();
});

describe('batchGet', () => {
  it('reads more than 100 keys in chunks, answers by key and leaves missing ones out', async () => {
    const pk = `C#${company}#BATCH#`;
    for (let index = 0; index < 130; index += 1) await put(pk, String(index).padStart(3, '0'), { n: index });
    const keys = Array.from({ length: 140 }, (_, index) => ({ pk, sk: String(index).padStart(3, '0') }));
    const found = await batchGet([...keys, ...keys.slice(0, 5)], { attributes: ['n'] });
    expect(found.size).toBe(130);
    expect(itemOf(found, { pk, sk: '129' })).toEqual({ pk, sk: '129', n: 129 });
    expect(itemOf(found, { pk, sk: '135' })).toBeUndefined();
    const ordered = await batchGetInOrder(
      [keys[7], keys[3], keys[135], keys[7]].filter((key) => key !== undefined),
    );
    expect(ordered.map((item) => item.sk)).toEqual(['007', '003']);
  });

  it('retries unprocessed keys and fails clearly when they never get read', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      const table = config().mainTable;
      const key = { pk: `C#${company}#X#`, sk: 'a' };
      mock
        .on(BatchGetCommand)
        .resolvesOnce({ Responses: { [table]: [] }, UnprocessedKeys: { [table]: { Keys: [key] } } })
        .resolvesOnce({ Responses: { [table]: [{ ...key, v: 1 }] } });
      expect(itemOf(await batchGet([key]), key)).toEqual({ ...key, v: 1 });
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(2);

      mock.reset();
      mock
        .on(BatchGetCommand)
        .resolves({ Responses: { [table]: [] }, UnprocessedKeys: { [table]: { Keys: [key] } } });
      await expect(batchGet([key], { attempts: 3 })).rejects.toBeInstanceOf(UnprocessedError);
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(3);
    } finally {
      mock.restore();
    }
  });
});

describe('queries and cursors', () => {
  it('reads every page, and pages one at a time with a cursor of the same partition only', async () => {
    const pk = `C#${company}#PAGED#`;
    for (let index = 0; index < 7; index += 1) await put(pk, `item#${index}`);
    const input = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 3 };
    expect(await queryAll(input)).toHaveLength(7);
    const seen: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryOnePage(input, { companyId: company, cursor, partition: pk });
      seen.push(...page.items.map((item) => item.sk));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(7);
    const foreign = encodeCursor({ pk: `C#${newObjectId()}#PAGED#`, sk: 'item#1' });
    expect(() => decodeCursor(foreign, company)).toThrow(expect.objectContaining({ field: 'cursor' }));
    const otherList = encodeCursor({ pk: `C#${company}#OTHER#`, sk: 'x' });
    expect(() => decodeCursor(otherList, company, pk)).toThrow(expect.objectContaining({ field: 'cursor' }));
    expect(() => decodeCursor('not json', company)).toThrow(expect.objectContaining({ field: 'cursor' }));
  });
});

describe('transactWrite', () => {
  it('names the items whose condition failed, lists included', async () => {
    const pk = `C#${company}#TX#`;
    await put(pk, 'taken');
    const free = (sk: string) => ({
      Put: {
        TableName: config().mainTable,
        Item: { pk, sk },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    const error = await transactWrite({
      first: free('one'),
      claims: [free('two'), free('taken')],
      last: undefined,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionCancelled);
    expect(conditionFailed(error, 'claims')).toBe(true);
    expect(conditionFailed(error, 'first')).toBe(false);
    expect((error as TransactionCancelled).failedWithin.get('claims')).toEqual([1]);
  });
});
