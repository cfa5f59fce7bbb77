import { companyRoom } from '@atende/shared/realtime/rooms';
import type { REFRESH_SESSION_EVENTS } from '@atende/shared/realtime/server-events';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';

export type RefreshSessionEvent = (typeof REFRESH_SESSION_EVENTS)[number];

const failed = (what: string, companyId: string) => (error: unknown) => {
  logger.warn(`${what} not delivered`, {
    companyId,
    error: error instanceof Error ? error.message : String(error),
  });
};

/**
 * Tells the company's open browsers to refresh what changed (spec point 7, refresh-session). The change is
 * already saved: a lost frame only delays the refresh until the next read, so a failure is logged, not raised.
 */
export async function publishRefresh(companyId: string, event: RefreshSessionEvent): Promise<void> {
  await publishToRoom(companyId, companyRoom(companyId), 'refresh-session', { event }).catch(
    failed(`refresh-session ${event}`, companyId),
  );
}

/** The employee list changed (created, edited, deactivated): admin screens reload it. */
export async function publishEmployeesChanged(companyId: string): Promise<void> {
  await publishToRoom(companyId, companyRoom(companyId), 'admin-update-employees', {}).catch(
    failed('admin-update-employees', companyId),
  );
}
