import * as z from 'zod';
import { defineRoute } from '../types.ts';

/** How long a frame stays replayable, and how many a replay may hand back before a full resync is cheaper. */
export const REPLAY_WINDOW_SECONDS = 15 * 60;
export const REPLAY_MAX_FRAMES = 200;

export const listMissedFramesQuery = z.object({
  /** The last sequence number the client applied; absent to learn the stream's current position only. */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** A frame as the socket would have carried it (checked again by the client's frame reader). */
const replayedFrame = z.object({
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
  seq: z.number().int().positive(),
});

/**
 * `seq` is the caller's stream position at the time of the answer. `resync`: the frames after `after` are no
 * longer all kept (older than the window, more than the bound, or a hole), so the client reloads what it
 * shows instead; `frames` is then empty.
 */
export const listMissedFramesResponse = z.object({
  seq: z.number().int().min(0),
  resync: z.boolean(),
  frames: z.array(replayedFrame),
});

export type ListMissedFramesResponse = z.infer<typeof listMissedFramesResponse>;

/** Issue 20 item 14: the realtime frames the caller's own stream carried after `after` (nobody else's). */
export const listMissedFrames = defineRoute({
  id: 'account.listMissedFrames',
  method: 'GET',
  path: '/realtime/frames',
  domain: 'account',
  auth: 'employee',
  query: listMissedFramesQuery,
  response: listMissedFramesResponse,
});
