import type { InboundEvent } from '@atende/shared/channels/inbound';
import type { WebhookProvider } from '@atende/shared/contracts/integrations/views';
import { handleBusinessAccountChanges } from '../campaigns/provider-webhook.ts';
import type { ParsedItem } from '../channels/adapter.ts';
import { bindAdapter, type BoundAdapter } from '../channels/providers.ts';
import { enqueueInbound } from '../conversations/enqueue.ts';
import { openCredentials } from '../integrations/crypto.ts';
import type { IntegrationRecord, ProviderIntegrationRecord } from '../integrations/records.ts';
import { findIntegration, findIntegrationCached } from '../integrations/store.ts';
import { logger } from '../lib/logger.ts';

export interface WebhookInput {
  provider: WebhookProvider;
  integrationId: string;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  rawBody: string;
}

export interface WebhookAnswer {
  statusCode: number;
  body: string;
  contentType: 'text/plain' | 'application/json';
}

const text = (statusCode: number, body: string): WebhookAnswer => ({
  statusCode,
  body,
  contentType: 'text/plain',
});

/**
 * The integration the URL names, bound to its adapter. The integration alone fixes the company: it is found
 * by its global pointer, never by anything the provider sends. A removed integration, or a URL naming another
 * provider than the integration's, is unknown. A provider's every message comes this way, so receiving reads it
 * through the short public-route cache (an edit or delete forgets it at once in its own process, within
 * seconds elsewhere: a rotated app secret can refuse a few seconds of webhooks, which the provider retries),
 * and the acknowledgement waits on no table read while a burst queues the table.
 */
async function boundIntegration(
  provider: WebhookProvider,
  integrationId: string,
  find: (integrationId: string) => Promise<IntegrationRecord | undefined> = findIntegration,
): Promise<{ record: ProviderIntegrationRecord; adapter: BoundAdapter } | undefined> {
  const record = await find(integrationId);
  if (!record || record.type === 'widget' || record.provider !== provider) return undefined;
  const credentials = openCredentials(record.credentials, record._id);
  const adapter = bindAdapter(provider, credentials, { companyId: record.company, integrationId });
  return { record, adapter };
}

/** Meta's GET subscription check; providers without one answer 405. */
export async function handshake(input: WebhookInput): Promise<WebhookAnswer> {
  const bound = await boundIntegration(input.provider, input.integrationId);
  if (!bound) return text(404, 'not found');
  if (!bound.adapter.handshake) return text(405, 'method not allowed');
  const result = bound.adapter.handshake(input.query);
  return text(result.status, result.body);
}

/** A media item becomes a message carrying a pending reference: the consumer downloads it after the ack. */
function toEvent(provider: WebhookProvider, item: ParsedItem): InboundEvent {
  if (!item.media || item.event.kind !== 'message') return item.event;
  const { kind, ref, mimeType, fileName, size } = item.media;
  return {
    ...item.event,
    pendingMedia: { provider, kind, ref, mimeType, fileName, ...(size === undefined ? {} : { size }) },
  };
}

/**
 * Verify, enqueue, answer: the signature (or token) is checked over the raw body before anything is parsed;
 * a bad one is a 401 and nothing is stored. Verified payloads the adapter cannot use are logged and answered
 * 200, so the provider does not retry them forever. Each parsed event goes to the inbound FIFO queue in
 * payload order; exactly-once is the queue's deduplication and the engine's claim on the provider id.
 */
export async function receive(input: WebhookInput): Promise<WebhookAnswer> {
  const bound = await boundIntegration(input.provider, input.integrationId, findIntegrationCached);
  if (!bound) return text(404, 'not found');
  const { record, adapter } = bound;
  const verified = adapter.verify({ headers: input.headers, rawBody: input.rawBody, query: input.query });
  if (!verified.ok) {
    logger.warn('webhook refused', {
      provider: input.provider,
      integrationId: record._id,
      reason: verified.reason,
    });
    return text(401, 'unauthorized');
  }
  if (input.provider === 'meta') await handleBusinessAccountChanges(record, input.rawBody);
  let items: ParsedItem[] = [];
  try {
    const parsed = await adapter.parse(input.rawBody);
    items = parsed.items;
    if (parsed.ignored.length > 0) {
      logger.info('webhook items ignored', {
        provider: input.provider,
        integrationId: record._id,
        ignored: parsed.ignored,
      });
    }
  } catch (error) {
    logger.warn('webhook payload not understood', {
      provider: input.provider,
      integrationId: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  // The connection state is not touched here: a signature proves the app secret, not the send token.
  for (const item of items) await enqueueInbound(toEvent(input.provider, item));
  return {
    statusCode: 200,
    body: JSON.stringify({ received: items.length }),
    contentType: 'application/json',
  };
}
