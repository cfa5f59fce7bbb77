import { publishToEmployee } from '../realtime/publish.ts';
import { logger } from '../lib/logger.ts';

/**
 * Tells the employee's open browsers that a newer session took over; each one whose session id differs
 * signs itself out. The sessions are already revoked in DynamoDB, so a lost frame only delays the sign-out
 * until that browser's next call: a failure is logged, not raised.
 */
export async function notifyOtherSessions(
  companyId: string,
  employeeId: string,
  sessionId: string,
): Promise<void> {
  try {
    await publishToEmployee(companyId, employeeId, 'close-others-sessions', {
      employee: employeeId,
      sessionId,
    });
  } catch (error) {
    logger.warn('close-others-sessions not delivered', {
      companyId,
      employeeId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
