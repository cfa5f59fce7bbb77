import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { developersPtBR } from '@atende/shared/i18n/pt-BR';
import { getCompany, putModalNotification } from '../account/store.ts';
import { openCredentials } from '../integrations/crypto.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { safeFetch, UnsafeUrl } from '../lib/safe-fetch.ts';
import { type AttemptMessage, enqueueAttempt } from './queue.ts';
import {
  ATTEMPT_TIMEOUT_MS,
  type AttemptResult,
  classifyStatus,
  FAILING_DISABLE_MS,
  retryDelaySeconds,
} from './retry-policy.ts';
import { signedHeaders } from './signing.ts';
import {
  clearFailing,
  type DeliveryRecord,
  disableFailingEndpoint,
  type EndpointRecord,
  getDelivery,
  getEndpoint,
  markFailing,
  recordAttempt,
} from './store.ts';

export interface DeliveryOptions {
  /** The local runtime (and tests) may call http and loopback receivers; production never. */
  allowLocal?: boolean;
  now?: () => Date;
  random?: () => number;
}

const defaultAllowLocal = () => ['local', 'test'].includes(config().stage);

/** The secrets that still sign: the current one and a rotated-out one inside its 24 hours. */
export function signingSecrets(endpoint: EndpointRecord, now: Date): string[] {
  return endpoint.secrets
    .filter((secret) => secret.expires_at === null || Date.parse(secret.expires_at) > now.getTime())
    .map((secret) => openCredentials(secret.sealed, endpoint._id).secret as string);
}

async function post(
  endpoint: EndpointRecord,
  delivery: DeliveryRecord,
  now: Date,
  allowLocal: boolean,
): Promise<AttemptResult> {
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Atende-Webhooks/1.0',
    ...signedHeaders(delivery.message_id, delivery.payload, signingSecrets(endpoint, now), now),
  };
  try {
    const response = await safeFetch(
      { method: 'POST', url: endpoint.url, headers, body: delivery.payload },
      { allowLocal, timeoutMs: ATTEMPT_TIMEOUT_MS, maxRedirects: 0 },
    );
    return classifyStatus(response.status);
  } catch (error) {
    // A refused address (or a redirect, which is never followed) will not get better by itself.
    if (error instanceof UnsafeUrl)
      return { kind: 'rejected', statusCode: null, error: `URL recusada: ${error.message}` };
    const name = error instanceof Error ? error.name : '';
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? 'tempo esgotado (5 s)'
        : String((error as Error)?.message ?? error);
    return { kind: 'retryable', statusCode: null, error: message };
  }
}

async function notifyAdmins(endpoint: EndpointRecord): Promise<void> {
  const company = await getCompany(endpoint.company_id);
  if (!company) return;
  const labels = developersPtBR.webhooks;
  await putModalNotification(endpoint.company_id, company.account_type, 'admin', {
    _id: newObjectId(),
    title: labels.disabledTitle,
    message: interpolate(labels.disabledMessage, { url: endpoint.url }),
    type: 'warning',
    duration: 0,
    permanent: true,
  });
}

/**
 * One attempt of a delivery: signs and posts it, records the outcome on the delivery (the outbox item) and
 * either queues the next attempt or ends the delivery. An endpoint whose deliveries all fail for 24 hours is
 * disabled and its company's admins get a notification. A stale message (an attempt another message already
 * made, an endpoint removed or disabled) changes nothing.
 */
export async function attemptDelivery(message: AttemptMessage, options: DeliveryOptions = {}): Promise<void> {
  const now = options.now?.() ?? new Date();
  if (Date.parse(message.not_before) - now.getTime() > 1000) {
    await enqueueAttempt(message, now.getTime());
    return;
  }
  const [endpoint, delivery] = await Promise.all([
    getEndpoint(message.company_id, message.endpoint_id),
    getDelivery(message.company_id, message.endpoint_id, message.delivery_id),
  ]);
  if (!endpoint || !delivery || delivery.attempt !== message.attempt - 1) return;
  if (delivery.status === 'succeeded' || delivery.status === 'failed') return;
  if (endpoint.status !== 'active') {
    await recordAttempt(endpoint.company_id, endpoint._id, delivery._id, delivery.attempt, {
      status: 'failed',
      attempt: delivery.attempt,
      status_code: null,
      duration_ms: null,
      error: 'webhook desativado',
      next_retry_at: null,
      last_attempt_at: delivery.last_attempt_at,
    });
    return;
  }

  const started = Date.now();
  const result = await post(endpoint, delivery, now, options.allowLocal ?? defaultAllowLocal());
  const duration = Date.now() - started;
  const at = now.toISOString();
  const base = {
    attempt: message.attempt,
    status_code: result.statusCode,
    duration_ms: duration,
    last_attempt_at: at,
  };

  if (result.kind === 'delivered') {
    await recordAttempt(endpoint.company_id, endpoint._id, delivery._id, delivery.attempt, {
      ...base,
      status: 'succeeded',
      error: null,
      next_retry_at: null,
    });
    await clearFailing(endpoint.company_id, endpoint._id);
    return;
  }

  const failingSince = await markFailing(endpoint.company_id, endpoint._id, at);
  const failingTooLong =
    failingSince !== null && now.getTime() - Date.parse(failingSince) >= FAILING_DISABLE_MS;
  const delay =
    result.kind === 'retryable' && !failingTooLong
      ? retryDelaySeconds(message.attempt - delivery.round_start, options.random)
      : undefined;
  const nextAt = delay === undefined ? null : new Date(now.getTime() + delay * 1000).toISOString();
  const recorded = await recordAttempt(endpoint.company_id, endpoint._id, delivery._id, delivery.attempt, {
    ...base,
    status: nextAt ? 'retrying' : 'failed',
    error: result.error,
    next_retry_at: nextAt,
  });
  if (!recorded) return;
  if (nextAt) {
    await enqueueAttempt({ ...message, attempt: message.attempt + 1, not_before: nextAt }, now.getTime());
  }
  if (failingTooLong && (await disableFailingEndpoint(endpoint.company_id, endpoint._id, at))) {
    logger.warn('webhook endpoint disabled after failing for 24 hours', { endpoint: endpoint._id });
    await notifyAdmins(endpoint);
  }
}
