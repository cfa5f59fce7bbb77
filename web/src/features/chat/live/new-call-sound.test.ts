import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playNewCallSound } from './new-call-sound.ts';

describe('new-call sound', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sounds 5 times, 2 s apart, then stops', () => {
    const play = vi.fn();
    playNewCallSound(play);
    expect(play).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(play).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(20_000);
    expect(play).toHaveBeenCalledTimes(5);
  });

  it('restarts the count when another call arrives mid-run', () => {
    const first = vi.fn();
    const second = vi.fn();
    playNewCallSound(first);
    vi.advanceTimersByTime(2000);
    playNewCallSound(second);
    vi.advanceTimersByTime(20_000);
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(5);
  });
});
