import { defineRoute } from '../types.ts';
import { webhookParams } from './views.ts';

/**
 * Where a provider posts an integration's events (the URL the channels API returns). No body schema: the
 * handler verifies the provider's signature over the raw body before parsing anything; the integration in the
 * path fixes the company. 200 for anything verified (even unknown payloads), 401 on a bad signature.
 */
export const receiveProviderWebhook = defineRoute({
  id: 'webhooks.receive',
  method: 'POST',
  path: '/webhooks/{provider}/{integrationId}',
  domain: 'webhooks',
  auth: 'webhook',
  params: webhookParams,
  maxBodyBytes: 1_048_576,
});

/** Meta's subscription handshake (hub.mode, hub.verify_token, hub.challenge): answers the challenge as text. */
export const verifyProviderWebhook = defineRoute({
  id: 'webhooks.handshake',
  method: 'GET',
  path: '/webhooks/{provider}/{integrationId}',
  domain: 'webhooks',
  auth: 'webhook',
  params: webhookParams,
});
