import { companyRoom } from '@atende/shared/realtime/rooms';
import type { ServerEventPayload } from '@atende/shared/realtime/server-events';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';

export type SmartTagUpdate = ServerEventPayload<'smart-tag-update'>;

/** A running smart tag tells open screens its progress at most this often; the start and the end always. */
export const PROGRESS_PUBLISH_MS = 5_000;

/**
 * Tells the company's open smart-tag screens to refetch one smart tag. There is no admin-only room, so the
 * frame names the smart tag and its counters, never a contact. The change is saved already: a lost frame only
 * delays the refresh until the next read, so a failure is logged, not raised.
 */
export async function publishSmartTagUpdate(companyId: string, update: SmartTagUpdate): Promise<void> {
  await publishToRoom(companyId, companyRoom(companyId), 'smart-tag-update', update).catch(
    (error: unknown) => {
      logger.warn('smart-tag-update not delivered', {
        companyId,
        smartTag: update.smart_tag,
        error: error instanceof Error ? error.message : String(error),
      });
    },
  );
}

/**
 * Publishes a run's progress no more than once per PROGRESS_PUBLISH_MS of wall time, so a run over 100k
 * contacts (one checkpoint per page) sends a handful of frames instead of one per page.
 */
export function progressPublisher(companyId: string, smartTag: string, clock: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return async (update: Omit<SmartTagUpdate, 'smart_tag' | 'action'>, force = false): Promise<void> => {
    const at = clock();
    if (!force && at - last < PROGRESS_PUBLISH_MS) return;
    last = at;
    await publishSmartTagUpdate(companyId, { smart_tag: smartTag, action: 'status', ...update });
  };
}
