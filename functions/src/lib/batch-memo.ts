import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one consumer batch: reads memoized with `memoInBatch` inside it are made once for the whole batch. */
export const inBatch = <T>(work: () => Promise<T>): Promise<T> => scope.run(new Map(), work);

/**
 * A read made once per consumer batch (records running side by side share the one request): for what a
 * consumer asks of every record and its records do not change, such as which smart tags or webhook endpoints a
 * company has. It is as fresh as the batch is; outside a batch it is read every time. A failed read is not
 * kept.
 */
export function memoInBatch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = load();
  memo.set(key, pending);
  pending.catch(() => {
    if (memo.get(key) === pending) memo.delete(key);
  });
  return pending;
}
