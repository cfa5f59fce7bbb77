/**
 * Inactivity policy. The spec fixes the warning text but not the durations: the session ends after 30 minutes
 * without mouse or keyboard activity, preceded by a 60-second warning. Change them here.
 */
export const SESSION_POLICY = {
  idleTimeoutMs: 30 * 60_000,
  warningSeconds: 60,
} as const;
