import { newObjectId } from '@atende/shared/domain/object-id';
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestTables } from '../../testing/dynamodb.ts';
import { inBatch } from '../batch-memo.ts';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { getItem } from './get-item.ts';

const company = newObjectId();
const pk = `C#${company}#GET_ITEM#`;
const put = (sk: string, extra: Record<string, unknown> = {}) =>
  clients().document.send(new PutCommand({ TableName: config().mainTable, Item: { pk, sk, ...extra } }));

/** The commands sent while `work` runs, by name. */
async function commandsDuring<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const document = clients().document;
  const send = document.send.bind(document);
  const sent: string[] = [];
  vi.spyOn(document, 'send').mockImplementation(((
    command: { constructor: { name: string } },
    ...rest: unknown[]
  ) => {
    sent.push(command.constructor.name);
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof document.send);
  return { result: await work(), sent };
}

beforeAll(async () => {
  await useTestTables();
  for (let index = 0; index < 12; index += 1) await put(String(index).padStart(2, '0'), { n: index });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getItem', () => {
  it("reads a consumer batch's records' items of one turn in one BatchGetItem, each answered its own", async () => {
    const keys = [
      ...Array.from({ length: 12 }, (_, index) => String(index).padStart(2, '0')),
      'missing',
      '03',
    ];
    const { result, sent } = await commandsDuring(() =>
      inBatch(() => Promise.all(keys.map((sk) => getItem({ pk, sk })))),
    );
    expect(sent).toEqual([BatchGetCommand.name]);
    expect(result.map((item) => item?.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, undefined, 3]);
  });

  it('reads again each time, after a write of the same record, strongly consistent', async () => {
    const { result, sent } = await commandsDuring(() =>
      inBatch(async () => {
        const before = await getItem({ pk, sk: 'fresh' });
        await put('fresh', { n: 1 });
        const after = await getItem({ pk, sk: 'fresh' });
        await put('fresh', { n: 2 });
        return [before, after, await getItem({ pk, sk: 'fresh' })];
      }),
    );
    expect(result.map((item) => item?.n)).toEqual([undefined, 1, 2]);
    expect(sent.filter((name) => name === BatchGetCommand.name)).toHaveLength(3);
  });

  it('is a GetItem outside a consumer batch', async () => {
    const { result, sent } = await commandsDuring(() =>
      Promise.all([getItem({ pk, sk: '01' }), getItem({ pk, sk: '02' })]),
    );
    expect(sent).toEqual([GetCommand.name, GetCommand.name]);
    expect(result.map((item) => item?.n)).toEqual([1, 2]);
  });

  it("fails every read of the request when the batch's read fails, and the next read tries again", async () => {
    const document = clients().document;
    const send = document.send.bind(document);
    let failures = 1;
    vi.spyOn(document, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof BatchGetCommand && failures > 0) {
        failures -= 1;
        return Promise.reject(new Error('network down'));
      }
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof document.send);
    const outcome = await inBatch(async () => {
      const first = await Promise.allSettled([getItem({ pk, sk: '04' }), getItem({ pk, sk: '05' })]);
      return { first, again: await getItem({ pk, sk: '04' }) };
    });
    expect(outcome.first.map((settled) => settled.status)).toEqual(['rejected', 'rejected']);
    expect(outcome.again?.n).toBe(4);
  });
});
