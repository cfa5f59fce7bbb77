import {
  type ListMissedFramesResponse,
  REPLAY_MAX_FRAMES,
  REPLAY_WINDOW_SECONDS,
} from '@atende/shared/contracts/realtime/list-missed-frames';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import type { AuthContext } from '../lib/auth-context.ts';
import { logger } from '../lib/logger.ts';
import { headSequence, listenUntil, nextSequence, putFrame, readFrames } from './sequence-store.ts';
import { CONNECTION_TTL_SECONDS } from './store.ts';

/**
 * Issue 20 item 14: every frame an employee receives is numbered in that employee's own stream and kept for
 * the replay window, so a client whose socket dropped asks for exactly what it missed.
 *
 * Why per employee and not per room: inbox frames are masked for each receiver (canSee, masking, wallets), so
 * what one employee may replay differs from a colleague's in the same room; a per-employee stream stores what
 * that employee was actually sent, and the replay route needs no visibility rules at all (only the caller's
 * own stream exists for it). The price is one counter update and one put per receiver of a company-wide
 * frame, measured in `npm run bench` (realtime-sequence).
 */

/**
 * Numbers the frame in the employee's stream and keeps it. The counter moves first, then the frame is
 * written: a reader that sees the number before its frame finds a hole and resyncs, never a silent gap. A
 * failure costs only the replay (the frame still goes out live, unnumbered), never the live delivery.
 */
export async function sequenceFor(
  companyId: string,
  employeeId: string,
  frame: ServerFrame,
): Promise<ServerFrame> {
  try {
    const seq = await nextSequence(companyId, employeeId);
    const sequenced = { ...frame, seq };
    await putFrame(companyId, employeeId, seq, JSON.stringify(sequenced));
    return sequenced;
  } catch (error) {
    logger.warn('realtime frame not sequenced', {
      companyId,
      employeeId,
      event: frame.event,
      error: error instanceof Error ? error.message : String(error),
    });
    return frame;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A socket opened: the employee's frames are kept for as long as it may live. */
export const keepStream = (companyId: string, employeeId: string) =>
  listenUntil(companyId, employeeId, nowSeconds() + CONNECTION_TTL_SECONDS);

/** The employee's last socket closed: their frames are kept for the replay window only. */
export const releaseStream = (companyId: string, employeeId: string) =>
  listenUntil(companyId, employeeId, nowSeconds() + REPLAY_WINDOW_SECONDS);

/**
 * The caller's frames after `after`, all of them or none: when one is missing (expired, never written, beyond
 * the bound) the answer is `resync` and the client reloads what it shows. Without `after`, the stream's
 * position only (what a client remembers when its first socket opens).
 */
export async function missedFrames(
  auth: Pick<AuthContext, 'companyId' | 'employeeId'>,
  after: number | undefined,
): Promise<ListMissedFramesResponse> {
  const { companyId, employeeId } = auth;
  const seq = await headSequence(companyId, employeeId);
  if (after === undefined || after === seq) return { seq, resync: false, frames: [] };
  const resync = { seq, resync: true, frames: [] };
  if (after > seq || seq - after > REPLAY_MAX_FRAMES) return resync;
  const stored = await readFrames(companyId, employeeId, after + 1, seq);
  if (stored.length !== seq - after || stored.some((frame, index) => frame.seq !== after + 1 + index)) {
    return resync;
  }
  return { seq, resync: false, frames: stored.map((frame) => JSON.parse(frame.frame)) };
}
