import type { FakeRequest, SandboxProvider } from './types.ts';

/** Cloud API's default per-number throughput (messages per second); `SANDBOX_MPS` changes it. */
export const DEFAULT_SANDBOX_MPS = 80;

export const sandboxMps = (env: NodeJS.ProcessEnv = process.env): number => {
  const value = Number(env.SANDBOX_MPS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SANDBOX_MPS;
};

/**
 * The sending number a WhatsApp send request is metered on, or undefined for requests the limit does not
 * cover: Cloud API and motor meter per phone number id (`/{version}/{phone_number_id}/messages`), 360dialog
 * per API key (one key is one number), Gupshup per source number.
 */
export function meteredNumber(provider: SandboxProvider, request: FakeRequest): string | undefined {
  if (request.method !== 'POST') return undefined;
  const parts = request.path.split('/').filter(Boolean);
  if ((provider === 'meta' || provider === 'motor') && parts.length === 3 && parts[2] === 'messages') {
    return parts[1] === 'me' ? undefined : `${provider}:${parts[1]}`;
  }
  if (provider === 'dialog' && request.path === '/messages') {
    return `dialog:${request.headers['d360-api-key'] ?? ''}`;
  }
  if (provider === 'gupshup' && request.path.startsWith('/wa/api/v1/')) {
    const body = request.body as Record<string, unknown> | undefined;
    return `gupshup:${typeof body?.source === 'string' ? body.source : ''}`;
  }
  return undefined;
}

/**
 * A token bucket per sending number holding one second's worth of sends, refilled continuously: what a
 * provider's per-number throughput looks like from outside. `take` answers false beyond the rate.
 */
export function createThroughputLimiter(mps: number, clock: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    mps,
    take(key: string): boolean {
      const now = clock();
      const bucket = buckets.get(key) ?? { tokens: mps, at: now };
      bucket.tokens = Math.min(mps, bucket.tokens + ((now - bucket.at) / 1000) * mps);
      bucket.at = now;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    reset: () => buckets.clear(),
  };
}

/** `{provider, to, body, at}` of a recorded send: the recipient and text as the provider's request named them. */
export function sentSummary(record: { provider: SandboxProvider; body: unknown; at: string }) {
  const body = (record.body ?? {}) as Record<string, unknown>;
  const text = body.text as Record<string, unknown> | string | undefined;
  const template = body.template as Record<string, unknown> | string | undefined;
  const to =
    typeof body.to === 'string'
      ? body.to
      : typeof body.destination === 'string'
        ? body.destination
        : typeof body.chat_id === 'string' || typeof body.chat_id === 'number'
          ? String(body.chat_id)
          : typeof (body.recipient as Record<string, unknown> | undefined)?.id === 'string'
            ? String((body.recipient as Record<string, unknown>).id)
            : '';
  const summary =
    typeof text === 'string'
      ? text
      : typeof text?.body === 'string'
        ? text.body
        : template !== undefined
          ? JSON.stringify(template)
          : typeof body.message === 'string'
            ? body.message
            : JSON.stringify(body);
  return { provider: record.provider, to, body: summary, at: record.at };
}
