import { ENV } from '@atende/shared/infra/env';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetClients } from './clients.ts';
import { resetConfig } from './config.ts';
import { readCache } from './read-cache.ts';

/** A loader that counts its calls and answers the value it is told. */
function loader<V>(value: () => V) {
  const calls = { count: 0 };
  return { calls, load: async () => ((calls.count += 1), value()) };
}

describe('readCache', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete process.env[ENV.tablePrefix];
    resetConfig();
  });

  it('reads an item once per window, and again once the window has passed', async () => {
    vi.useFakeTimers();
    const cache = readCache<string>(5_000);
    let stored = 'v1';
    const { calls, load } = loader(() => stored);
    expect(await cache.get('company-a', load)).toBe('v1');
    stored = 'v2';
    vi.advanceTimersByTime(4_999);
    expect(await cache.get('company-a', load)).toBe('v1');
    expect(calls.count).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('company-a', load)).toBe('v2');
    expect(calls.count).toBe(2);
  });

  it('shares one read between racing callers and keeps keys (companies) apart', async () => {
    const cache = readCache<string>(5_000);
    const a = loader(() => 'item of a');
    const b = loader(() => 'item of b');
    const answers = await Promise.all([
      cache.get('company-a', a.load),
      cache.get('company-a', a.load),
      cache.get('company-b', b.load),
    ]);
    expect(answers).toEqual(['item of a', 'item of a', 'item of b']);
    expect([a.calls.count, b.calls.count]).toEqual([1, 1]);
  });

  it('reads again after a writer forgets the key, after a failed read, and after resetClients', async () => {
    const cache = readCache<string>(60_000);
    let stored = 'before';
    const { calls, load } = loader(() => stored);
    await cache.get('k', load);
    stored = 'after';
    cache.forget('k');
    expect(await cache.get('k', load)).toBe('after');
    await expect(cache.get('failing', () => Promise.reject(new Error('throttled')))).rejects.toThrow();
    expect(await cache.get('failing', load)).toBe('after');
    stored = 'after reset';
    resetClients();
    expect(await cache.get('k', load)).toBe('after reset');
    expect(calls.count).toBe(4);
  });

  it('never answers one table’s item for another table (a test file’s own tables)', async () => {
    const cache = readCache<string>(60_000);
    process.env[ENV.tablePrefix] = 'first-';
    resetConfig();
    expect(await cache.get('k', async () => 'from first')).toBe('from first');
    process.env[ENV.tablePrefix] = 'second-';
    resetConfig();
    expect(await cache.get('k', async () => 'from second')).toBe('from second');
  });
});
