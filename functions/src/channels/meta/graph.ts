import { createHmac } from 'node:crypto';
import {
  ChannelSendError,
  type FetchImpl,
  type HandshakeResult,
  type SendErrorCode,
  type VerifyResult,
  type WebhookQuery,
  type WebhookRequest,
  safeEqual,
} from '../adapter.ts';
import { isRecord } from './json.ts';

/** The Graph API version every Meta adapter calls unless the integration pins another. */
export const GRAPH_VERSION = 'v21.0';
export const GRAPH_BASE_URL = 'https://graph.facebook.com';

/**
 * Meta signs every webhook POST with `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with
 * the app secret>`. The raw bytes matter: a re-serialized JSON body would not match.
 */
export function verifyMetaSignature(request: WebhookRequest, appSecret: string): VerifyResult {
  const header = request.headers['x-hub-signature-256'];
  if (!header) return { ok: false, status: 401, reason: 'missing X-Hub-Signature-256' };
  const expected = `sha256=${createHmac('sha256', appSecret).update(request.rawBody, 'utf8').digest('hex')}`;
  return safeEqual(header.toLowerCase(), expected)
    ? { ok: true }
    : { ok: false, status: 401, reason: 'X-Hub-Signature-256 does not match' };
}

/** The GET subscription check: echo hub.challenge only for our verify token. */
export function metaHandshake(query: WebhookQuery, verifyToken: string): HandshakeResult {
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (
    query['hub.mode'] === 'subscribe' &&
    token !== undefined &&
    challenge &&
    safeEqual(token, verifyToken)
  ) {
    return { status: 200, body: challenge };
  }
  return { status: 403, body: 'Forbidden' };
}

/** Graph error codes that mean "slow down" and how long to wait when the response gives no Retry-After. */
const RATE_LIMIT_BACKOFF: Record<number, number> = {
  4: 60, // application request limit
  17: 60, // user request limit
  32: 60, // page request limit
  613: 60, // calls over the rate limit
  80007: 60, // WhatsApp Business Account rate limit
  130429: 5, // Cloud API throughput
  131056: 6, // business/consumer pair limit (about one message every 6 s)
};

const AUTH_CODES = new Set([0, 3, 10, 102, 190, 200, 131005, 131031]);
const TEMPORARY_CODES = new Set([1, 2, 1200, 131000, 131016, 133004]);
/** Customer-service window closed: WhatsApp re-engagement, Messenger/Instagram "outside of allowed window". */
const WINDOW_CLOSED_SUBCODES = new Set([2018278, 2534022]);
const RECIPIENT_CODES = new Set([551, 131026, 131030, 131021]);

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
}

export function graphError(body: unknown): GraphErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { message, type, code, error_subcode, error_data } = body.error;
  return {
    message: typeof message === 'string' ? message : undefined,
    type: typeof type === 'string' ? type : undefined,
    code: typeof code === 'number' ? code : undefined,
    error_subcode: typeof error_subcode === 'number' ? error_subcode : undefined,
    error_data:
      isRecord(error_data) && typeof error_data.details === 'string'
        ? { details: error_data.details }
        : undefined,
  };
}

/** Seconds from a Retry-After header (delta seconds or HTTP date), when present and sane. */
export function retryAfterSeconds(response: Response, now = Date.now()): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Maps a failed Graph (or Graph-shaped: 360dialog, motor) response to a ChannelSendError. */
export function mapGraphFailure(response: Response, body: unknown): ChannelSendError {
  const error = graphError(body);
  const code = error?.code;
  const detail = [error?.message, error?.error_data?.details].filter(Boolean).join(': ');
  const message = detail || `provider answered HTTP ${response.status}`;
  const providerCode = code === undefined ? `http_${response.status}` : String(code);
  const build = (kind: SendErrorCode, retryable: boolean, retryAfter?: number) =>
    new ChannelSendError({ code: kind, message, retryable, retryAfterSeconds: retryAfter, providerCode });

  if (code !== undefined && code in RATE_LIMIT_BACKOFF) {
    return build('rate_limited', true, retryAfterSeconds(response) ?? RATE_LIMIT_BACKOFF[code]);
  }
  if (
    code === 131047 ||
    (error?.error_subcode !== undefined && WINDOW_CLOSED_SUBCODES.has(error.error_subcode))
  ) {
    return build('window_closed', false);
  }
  if (code !== undefined && AUTH_CODES.has(code)) return build('auth_failed', false);
  if (code !== undefined && RECIPIENT_CODES.has(code)) return build('recipient_unavailable', false);
  if (code !== undefined && TEMPORARY_CODES.has(code)) return build('provider_unavailable', true, 30);
  if (response.status === 429) return build('rate_limited', true, retryAfterSeconds(response) ?? 60);
  if (response.status === 401 || response.status === 403) return build('auth_failed', false);
  if (response.status >= 500) return build('provider_unavailable', true, retryAfterSeconds(response) ?? 30);
  return build('invalid_request', false);
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One provider request: network failures become retryable errors, non-2xx answers go through `mapFailure`.
 * Answers the parsed JSON body of a success.
 */
export async function callProvider(
  fetchImpl: FetchImpl,
  url: string,
  init: RequestInit,
  mapFailure: (response: Response, body: unknown) => ChannelSendError = mapGraphFailure,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (cause) {
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: `request failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      retryable: true,
      retryAfterSeconds: 30,
    });
  }
  const body = await readJson(response);
  if (!response.ok) throw mapFailure(response, body);
  return body;
}

/** Downloads a media URL into memory, failing like a send so the caller's retry policy applies. */
export async function download(
  fetchImpl: FetchImpl,
  url: string,
  headers: Record<string, string>,
  mapFailure: (response: Response, body: unknown) => ChannelSendError = mapGraphFailure,
): Promise<{ body: Uint8Array; contentType: string | undefined }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'GET', headers });
  } catch (cause) {
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: `download failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      retryable: true,
      retryAfterSeconds: 30,
    });
  }
  if (!response.ok) throw mapFailure(response, await readJson(response));
  return {
    body: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? undefined,
  };
}

export const joinUrl = (base: string, ...parts: string[]) =>
  [base.replace(/\/+$/, ''), ...parts.map((part) => part.replace(/^\/+|\/+$/g, ''))].join('/');
