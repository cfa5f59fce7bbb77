import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

/** Apps that post to the product: the shop's order webhooks. */
export const WEBHOOK_APPS = ['shopify'] as const;

export const appWebhookParams = z.object({ app: z.enum(WEBHOOK_APPS), id: objectId });

/**
 * An installed app's webhook (Shopify orders/create, orders/paid, orders/cancelled), verified by the app's own
 * signature (X-Shopify-Hmac-Sha256 with the shop's secret); the installation id in the path fixes the company.
 */
export const receiveAppWebhook = defineRoute({
  id: 'appWebhooks.receive',
  method: 'POST',
  path: '/apps/{app}/{id}/webhooks',
  domain: 'appWebhooks',
  auth: 'webhook',
  params: appWebhookParams,
  maxBodyBytes: 1_048_576,
});
