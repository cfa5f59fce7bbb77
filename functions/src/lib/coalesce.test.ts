import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesceByKey } from './coalesce.ts';

describe('coalesceByKey', () => {
  afterEach(() => vi.useRealTimers());

  it('fires the first call at once, the calls of its window once at its end, and each key on its own', async () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    const notify = coalesceByKey<string>(1_000, async (key, value) => {
      fired.push(`${key}:${value}`);
    });
    await notify('company-a', 'first');
    await notify('company-a', 'second');
    await notify('company-a', 'third');
    await notify('company-b', 'only');
    expect(fired).toEqual(['company-a:first', 'company-b:only']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fired).toEqual(['company-a:first', 'company-b:only', 'company-a:third']);
    // The trailing notification opened a window of its own; a quiet one fires nothing more.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fired).toHaveLength(3);
    await notify('company-a', 'later');
    expect(fired.at(-1)).toBe('company-a:later');
  });
});
