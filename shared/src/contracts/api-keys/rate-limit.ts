/** Per-key throttling of the public API (token bucket): a burst, then a steady rate; above it, 429 + Retry-After. */
export const API_KEY_RATE_LIMIT = { burst: 60, perSecond: 10 } as const;
