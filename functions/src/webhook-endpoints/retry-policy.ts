/**
 * When to try again after a failed attempt. The gaps follow the Standard Webhooks reference schedule (5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 27.6 hours in all, past the 24 hours the product promises), each with
 * ±20 % jitter so a receiver coming back is not hit by every endpoint's retries at the same second.
 */
export const RETRY_GAPS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** First attempt plus one per gap. */
export const MAX_ATTEMPTS = RETRY_GAPS_SECONDS.length + 1;

/** An endpoint whose deliveries all failed for this long is disabled. */
export const FAILING_DISABLE_MS = 24 * 60 * 60 * 1000;

export const ATTEMPT_TIMEOUT_MS = 5000;

/** Seconds to wait after the `failedInRound`-th failed attempt of a round, or undefined when it was the last. */
export function retryDelaySeconds(
  failedInRound: number,
  random: () => number = Math.random,
): number | undefined {
  const gap = RETRY_GAPS_SECONDS[failedInRound - 1];
  if (gap === undefined) return undefined;
  return Math.max(1, Math.round(gap * (0.8 + 0.4 * random())));
}

export type AttemptResult =
  | { kind: 'delivered'; statusCode: number }
  | { kind: 'retryable'; statusCode: number | null; error: string }
  | { kind: 'rejected'; statusCode: number | null; error: string };

/** Timeouts, connection errors, 429 and 5xx are worth another try; any other answer is the receiver's word. */
export function classifyStatus(statusCode: number): AttemptResult {
  if (statusCode >= 200 && statusCode < 300) return { kind: 'delivered', statusCode };
  if (statusCode === 429 || statusCode >= 500) {
    return { kind: 'retryable', statusCode, error: `HTTP ${statusCode}` };
  }
  if (statusCode >= 300 && statusCode < 400) {
    return { kind: 'rejected', statusCode, error: `HTTP ${statusCode}: redirecionamentos não são seguidos` };
  }
  return { kind: 'rejected', statusCode, error: `HTTP ${statusCode}` };
}
