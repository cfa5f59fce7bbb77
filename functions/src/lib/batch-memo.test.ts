import { describe, expect, it } from 'vitest';
import { inBatch, memoInBatch, shareInFlight } from './batch-memo.ts';

describe('reads memoized per consumer batch', () => {
  it('reads once for the records of one batch, side by side or in turn, and again in the next batch', async () => {
    let reads = 0;
    const load = async () => {
      reads += 1;
      return [`tags-${reads}`];
    };
    const batch = () =>
      inBatch(async () => {
        const side = await Promise.all([1, 2, 3].map(() => memoInBatch('C1|smart-tags', load)));
        const after = await memoInBatch('C1|smart-tags', load);
        const other = await memoInBatch('C2|smart-tags', load);
        return { side, after, other };
      });
    const first = await batch();
    expect(first.side).toEqual([['tags-1'], ['tags-1'], ['tags-1']]);
    expect(first.after).toEqual(['tags-1']);
    expect(first.other).toEqual(['tags-2']);
    const second = await batch();
    expect(second.after).toEqual(['tags-3']);
    expect(reads).toBe(4);
  });

  it('reads every time outside a batch, and does not keep a failed read', async () => {
    let reads = 0;
    const load = async () => (reads += 1);
    await memoInBatch('k', load);
    await memoInBatch('k', load);
    expect(reads).toBe(2);
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('throttled');
      return 'ok';
    };
    await inBatch(async () => {
      await expect(memoInBatch('k', flaky)).rejects.toThrow('throttled');
      await expect(memoInBatch('k', flaky)).resolves.toBe('ok');
      await expect(memoInBatch('k', flaky)).resolves.toBe('ok');
    });
    expect(attempts).toBe(2);
  });
});

describe('shareInFlight', () => {
  it('shares a read in flight among the batch, reads again once it answered, and every time outside', async () => {
    const releases: Array<() => void> = [];
    const load = async () => {
      const n = releases.length + 1;
      await new Promise<void>((resolve) => releases.push(resolve));
      return n;
    };
    await inBatch(async () => {
      const first = shareInFlight('room', load);
      const second = shareInFlight('room', load);
      const other = shareInFlight('other room', load);
      expect(releases).toHaveLength(2);
      for (const release of releases) release();
      expect(await Promise.all([first, second, other])).toEqual([1, 1, 2]);
      const third = shareInFlight('room', load);
      expect(releases).toHaveLength(3);
      releases[2]?.();
      expect(await third).toBe(3);
    });
    const outside = [shareInFlight('room', load), shareInFlight('room', load)];
    expect(releases).toHaveLength(5);
    for (const release of releases) release();
    expect(await Promise.all(outside)).toEqual([4, 5]);
  });
});
