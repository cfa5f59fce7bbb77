import { randomUUID } from 'node:crypto';
import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of Gupshup's WhatsApp send API: `POST /wa/api/v1/msg` (and `/wa/api/v1/template/msg`), form-encoded
 * (channel, source, destination, message or template, src.name), authenticated by the `apikey` header.
 * Sends are accepted asynchronously: 202 with `{status: 'submitted', messageId}`. Errors are
 * `{status: 'error', message}` with the HTTP status and message of docs.gupshup.io's send API reference:
 * 401 'Authentication Failed', 400 'Invalid App Details' (src.name unknown for the key), 400 'Invalid
 * Destination', 429 'Too Many Requests'.
 * Also the wallet balance, `GET /sm/api/v2/wallet/balance` with the same `apikey` header, answering
 * `{status: 'success', balance}` in Gupshup credits (1 credit = 1 USD).
 */

/** What every sandbox Gupshup account holds. */
export const SANDBOX_GUPSHUP_BALANCE = 41.938;
export const GUPSHUP_BALANCE_PATH = '/sm/api/v2/wallet/balance';

const error = (status: number, message: string): FakeResponse => ({
  status,
  body: { status: 'error', message },
});

const FAILURES: Record<SandboxFailure, FakeResponse> = {
  rate_limit: error(429, 'Too Many Requests'),
  auth: error(401, 'Authentication Failed'),
  unavailable: error(503, 'Service Unavailable'),
  recipient: error(400, 'Invalid Destination'),
  // Gupshup names no pair or marketing-cap refusal of its own: the nearest are its throttle and a refused destination.
  pair_rate_limit: error(429, 'Too Many Requests'),
  marketing_cap: error(400, 'Invalid Destination'),
};

const REQUIRED: Record<string, string[]> = {
  '/wa/api/v1/msg': ['channel', 'source', 'destination', 'message'],
  '/wa/api/v1/template/msg': ['channel', 'source', 'destination', 'template'],
};

const fields = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export function handleGupshup(request: FakeRequest, context: FakeContext): FakeResult {
  if (request.method === 'GET' && request.path === GUPSHUP_BALANCE_PATH) {
    if (!request.headers.apikey) return { response: FAILURES.auth, recorded: true };
    const failure = context.takeFailure('gupshup');
    if (failure) return { response: FAILURES[failure.failure], recorded: true };
    return {
      response: { status: 200, body: { status: 'success', balance: SANDBOX_GUPSHUP_BALANCE } },
      recorded: true,
    };
  }
  const required = REQUIRED[request.path];
  if (request.method !== 'POST' || !required) {
    return { response: error(404, 'Not Found'), recorded: true };
  }
  if (!request.headers.apikey) return { response: FAILURES.auth, recorded: true };
  const failure = context.takeFailure('gupshup');
  if (failure) return { response: FAILURES[failure.failure], recorded: true };
  const form = fields(request.body);
  if (!form['src.name']) return { response: error(400, 'Invalid App Details'), recorded: true };
  const missing = required.filter((name) => !form[name]);
  if (missing.length)
    return { response: error(400, `Missing parameter: ${missing.join(', ')}`), recorded: true };
  return {
    response: { status: 202, body: { status: 'submitted', messageId: randomUUID() } },
    recorded: true,
  };
}
