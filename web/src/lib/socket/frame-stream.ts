import type { ListMissedFramesResponse } from '@atende/shared/contracts/realtime/list-missed-frames';

/**
 * Issue 20 item 14: where this page stands in its employee's frame stream (every frame the server sends the
 * employee carries the next number of that stream). `upTo` is the highest number below which every frame was
 * applied; numbers above it that already arrived wait in `ahead` until the hole before them fills. A frame
 * seen once (live, or in a replay overlapping live traffic) is never applied twice.
 */
export interface FrameStream {
  /** Whether a numbered frame is new; a new one is recorded. Unnumbered frames are always new. */
  accept(seq: number | undefined): boolean;
  /** The stream position the server reported (the first socket's baseline, or a resync's). */
  settle(seq: number): void;
  /** Where to ask for missed frames from; undefined before the position is known. */
  position(): number | undefined;
  /** Whether a frame is missing below one that arrived. */
  hasHole(): boolean;
}

export function createFrameStream(): FrameStream {
  let upTo: number | undefined;
  const ahead = new Set<number>();
  const advance = () => {
    if (upTo === undefined) return;
    for (const seq of ahead) if (seq <= upTo) ahead.delete(seq);
    while (ahead.delete(upTo + 1)) upTo += 1;
  };
  return {
    accept(seq) {
      if (seq === undefined) return true;
      if ((upTo !== undefined && seq <= upTo) || ahead.has(seq)) return false;
      ahead.add(seq);
      advance();
      return true;
    },
    settle(seq) {
      upTo = Math.max(upTo ?? 0, seq);
      advance();
    },
    position: () => upTo,
    hasHole: () => upTo !== undefined && ahead.size > 0,
  };
}

/** Asks the server for the frames after a position (GET /realtime/frames); absent `after`: the position only. */
export type ReplayFetcher = (after: number | undefined) => Promise<ListMissedFramesResponse>;
