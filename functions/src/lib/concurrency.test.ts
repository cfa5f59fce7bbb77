import { describe, expect, it } from 'vitest';
import { mapLimited } from './concurrency.ts';

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

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const run = mapLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await new Promise((resolve) => setTimeout(resolve, n === 2 ? 1 : 20));
      if (n === 2) throw new Error('two failed');
      return n;
    });
    await expect(run).rejects.toThrow('two failed');
    // 1 was still under way when 2 failed: it ends, and nothing else begins.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started).toEqual([1, 2]);
  });

  it('answers an empty list without running anything', async () => {
    expect(await mapLimited([], 3, async () => 1)).toEqual([]);
  });
});
