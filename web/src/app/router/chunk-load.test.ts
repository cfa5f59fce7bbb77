import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-load.ts';

describe('route chunk loading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives a ChunkLoadError when the chunk has not arrived after 120 s', async () => {
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('resolves a chunk that arrives in time and turns a failed fetch into a ChunkLoadError', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ page: 1 }))).resolves.toEqual({ page: 1 });
    await expect(
      withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
