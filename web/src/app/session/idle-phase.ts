export interface IdlePolicy {
  idleTimeoutMs: number;
  warningSeconds: number;
}

export type IdlePhase =
  { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

/**
 * Where the inactivity timer stands: the warning with its countdown starts `warningSeconds` before the session
 * ends at `idleTimeoutMs` after the last activity.
 */
export function idlePhase(lastActivityMs: number, nowMs: number, policy: IdlePolicy): IdlePhase {
  const remainingMs = lastActivityMs + policy.idleTimeoutMs - nowMs;
  if (remainingMs <= 0) return { phase: 'expired' };
  if (remainingMs > policy.warningSeconds * 1000) return { phase: 'active' };
  return { phase: 'warning', secondsLeft: Math.ceil(remainingMs / 1000) };
}
