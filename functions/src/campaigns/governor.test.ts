import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTables } from '../testing/dynamodb.ts';
import { takeTokens, tokenPool } from './governor.ts';

beforeAll(async () => {
  await useTestTables();
});

describe('send governor', () => {
  it('keeps workers sharing one number under its rate (burst of a tenth of a second, then the refill)', async () => {
    const company = newObjectId();
    const integration = newObjectId();
    const started = performance.now();
    // Three workers (pools) and a lone taker share 80 msg/s: 56 sends need at least (56 - 8) / 80 s.
    const pools = [0, 1, 2].map(() => tokenPool(company, integration, 80, 16, () => false));
    const takes = [
      ...pools.flatMap((pool) => Array.from({ length: 16 }, () => pool.take())),
      ...Array.from({ length: 8 }, () => takeTokens(company, integration, 80)),
    ];
    expect(await Promise.all(takes)).toEqual(Array.from({ length: 56 }, () => true));
    expect(performance.now() - started).toBeGreaterThanOrEqual(((56 - 8) / 80) * 1000 - 20);
  });

  it('stops waiting once told to', async () => {
    const company = newObjectId();
    const integration = newObjectId();
    expect(await takeTokens(company, integration, 1, () => false, 1)).toBe(true);
    let stop = false;
    const waiting = takeTokens(company, integration, 1, () => stop, 1);
    stop = true;
    expect(await waiting).toBe(false);
  });
});
