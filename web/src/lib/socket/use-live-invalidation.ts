import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shellFrames } from './active-socket.ts';

/** Socket events come in bursts (one per changed item); every key is refetched once per window. */
export const LIVE_COALESCE_MS = 300;

export interface KeyCoalescer {
  push(keys: readonly QueryKey[]): void;
  cancel(): void;
}

/** Collects query keys for one window from the first event, then flushes each distinct key once. */
export function createKeyCoalescer(delayMs: number, flush: (keys: QueryKey[]) => void): KeyCoalescer {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(keys) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (timer || pending.size === 0) return;
      timer = setTimeout(() => {
        timer = undefined;
        const batch = [...pending.values()];
        pending.clear();
        flush(batch);
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

export type KeysForFrame = (frame: ServerFrame) => QueryKey[];

/** Invalidates this screen's queries when the shell's socket reports a change to them. */
export function useLiveInvalidation(events: readonly ServerEvent[], keysFor: KeysForFrame): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const coalescer = createKeyCoalescer(LIVE_COALESCE_MS, (keys) =>
      keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
    );
    const stops = events.map((event) => shellFrames.on(event, (frame) => coalescer.push(keysFor(frame))));
    return () => {
      stops.forEach((stop) => stop());
      coalescer.cancel();
    };
  }, [queryClient, events, keysFor]);
}
