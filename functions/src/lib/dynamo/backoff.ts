/** What a batch call still had unprocessed when its attempts ran out (rather than answering as if done). */
export class UnprocessedError extends Error {
  constructor(
    readonly operation: 'BatchGetItem' | 'BatchWriteItem',
    readonly remaining: number,
  ) {
    super(`${operation} left ${remaining} requests unprocessed after every retry`);
    this.name = 'UnprocessedError';
  }
}

const BASE_DELAY_MS = 25;

/** Waits before retry `attempt` (1, 2, ...): exponential with full jitter, so throttled callers spread out. */
export const backoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * BASE_DELAY_MS * 2 ** attempt));
