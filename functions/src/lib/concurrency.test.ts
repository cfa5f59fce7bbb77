import { describe, expect, it } from 'vitest';
import { mapLimited, serialByKey } from './concurrency.ts';

describe('mapLimited', () => {
  it('answers every result in order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });

  it('answers an empty list without running anything', async () => {
    expect(await mapLimited([], 3, async () => 1)).toEqual([]);
  });
});

describe('serialByKey', () => {
  it('runs the work of one key one at a time in call order, other keys alongside, past a failure', async () => {
    const inTurn = serialByKey();
    const log: string[] = [];
    const running = new Map<string, number>();
    let overlapWithinKey = false;
    const task = (key: string, name: string, ms: number, fail = false) =>
      inTurn(key, async () => {
        running.set(key, (running.get(key) ?? 0) + 1);
        if ((running.get(key) ?? 0) > 1) overlapWithinKey = true;
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        running.set(key, (running.get(key) ?? 0) - 1);
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([
      task('company-a', 'a1', 20, true),
      task('company-a', 'a2', 1),
      task('company-b', 'b1', 5),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(overlapWithinKey).toBe(false);
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
