import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyCoalescer } from './use-live-invalidation.ts';

describe('live invalidation coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes a burst of events once, each distinct key once', () => {
    const flush = vi.fn();
    const coalescer = createKeyCoalescer(300, flush);
    for (let index = 0; index < 50; index += 1) coalescer.push([['admin', 'employees']]);
    coalescer.push([
      ['admin', 'departments'],
      ['admin', 'employees'],
    ]);
    vi.advanceTimersByTime(299);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([
      ['admin', 'employees'],
      ['admin', 'departments'],
    ]);
  });

  it('starts a new window after a flush, ignores events without keys, and drops pending keys on cancel', () => {
    const flush = vi.fn();
    const coalescer = createKeyCoalescer(300, flush);
    coalescer.push([]);
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
    coalescer.push([['a']]);
    vi.advanceTimersByTime(300);
    coalescer.push([['b']]);
    vi.advanceTimersByTime(300);
    expect(flush.mock.calls).toEqual([[[['a']]], [[['b']]]]);
    coalescer.push([['c']]);
    coalescer.cancel();
    vi.advanceTimersByTime(1000);
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
