import { reportCritical as criticalRoute } from '@atende/shared/contracts/client-logs/report';
import { callRoute } from '../api/call-route.ts';

/** A repeated report (a socket failing in a loop) is sent once per window per title. */
export const REPORT_WINDOW_MS = 10_000;
const lastSent = new Map<string, number>();

/**
 * Spec point 7: critical client events (socket errors, the fourth reconnect attempt, a frame for another
 * company) go to POST /logs/critical, stored with the company and logged for the platform's operators.
 * Reporting never throws: a report that cannot be sent is dropped.
 */
export function reportCritical(
  title: string,
  payload: Record<string, unknown>,
  now = Date.now(),
): Promise<void> {
  const previous = lastSent.get(title);
  if (previous !== undefined && now - previous < REPORT_WINDOW_MS) return Promise.resolve();
  lastSent.set(title, now);
  return callRoute(criticalRoute, { body: { title, message: String(payload.event ?? ''), payload } }).then(
    () => undefined,
    () => undefined,
  );
}
