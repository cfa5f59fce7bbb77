import { onResetClients } from './clients.ts';
import { config } from './config.ts';

export interface ReadCache<V> {
  /** The value under `key`, loaded at most once per window; loads racing for one key share one request. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Drops `key`: a writer in this process calls it, so its own next read sees its write. */
  forget(key: string): void;
}

/**
 * A short-lived in-process cache for items that rarely change and are read on every message (the company
 * item, a widget's integration): a burst of messages reads each once per window instead of once per message.
 * What it holds may be up to `ttlMs` old, for writes of another process (another Lambda); a writer in this
 * process forgets its key. Never for what a condition, a counter or a claim decides. Keys are taken within the
 * configured table (a test file's own tables start empty), so callers key by company id and item id only; a
 * failed load is not kept, nor is anything after `resetClients`.
 */
export function readCache<V>(ttlMs: number, maxEntries = 1_000): ReadCache<V> {
  const entries = new Map<string, { value: Promise<V>; until: number }>();
  onResetClients(() => entries.clear());
  const scoped = (key: string) => `${config().mainTable}|${key}`;
  return {
    get(key, load) {
      const full = scoped(key);
      const now = Date.now();
      const hit = entries.get(full);
      if (hit && hit.until > now) return hit.value;
      if (entries.size >= maxEntries) {
        for (const [stale, entry] of entries) if (entry.until <= now) entries.delete(stale);
        if (entries.size >= maxEntries) entries.clear();
      }
      const value = load();
      const entry = { value, until: now + ttlMs };
      entries.set(full, entry);
      value.catch(() => {
        if (entries.get(full) === entry) entries.delete(full);
      });
      return value;
    },
    forget(key) {
      entries.delete(scoped(key));
    },
  };
}
