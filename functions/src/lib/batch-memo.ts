import { AsyncLocalStorage } from 'node:async_hooks';

interface BatchScope {
  reads: Map<string, Promise<unknown>>;
  helpers: Map<string, unknown>;
}

const scope = new AsyncLocalStorage<BatchScope>();

/** Runs one consumer batch: reads memoized with `memoInBatch` inside it are made once for the whole batch. */
export const inBatch = <T>(work: () => Promise<T>): Promise<T> =>
  scope.run({ reads: new Map(), helpers: new Map() }, work);

/**
 * A read made once per consumer batch (records running side by side share the one request): for what a
 * consumer asks of every record and its records do not change, such as which smart tags or webhook endpoints a
 * company has. It is as fresh as the batch is; outside a batch it is read every time. A failed read is not
 * kept.
 */
export function memoInBatch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore()?.reads;
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

/**
 * A helper kept for the length of one consumer batch (made on first use, shared by the batch's records), or
 * undefined outside a batch.
 */
export function batchScoped<T>(key: string, create: () => T): T | undefined {
  const helpers = scope.getStore()?.helpers;
  if (!helpers) return undefined;
  if (!helpers.has(key)) helpers.set(key, create());
  return helpers.get(key) as T;
}

/**
 * A read the records of a consumer batch share while it is in flight: a record asking for the same key while
 * another's read of it has not answered yet takes that answer (read a few milliseconds before its own call);
 * once answered, the next call reads again. For reads whose answer does not depend on what the record itself
 * just wrote, such as who is in a room. Outside a batch it is read every time.
 */
export function shareInFlight<T>(key: string, load: () => Promise<T>): Promise<T> {
  const inFlight = batchScoped('in-flight', () => new Map<string, Promise<unknown>>());
  if (!inFlight) return load();
  const known = inFlight.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = load();
  inFlight.set(key, pending);
  const forget = () => {
    if (inFlight.get(key) === pending) inFlight.delete(key);
  };
  pending.then(forget, forget);
  return pending;
}
