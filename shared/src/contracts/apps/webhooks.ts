import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

/** Apps that post to the product: the shop's order webhooks, Pipedrive's person changes. */
export const WEBHOOK_APPS = ['shopify', 'pipedrive'] as const;

export const appWebhookParams = z.object({ app: z.enum(WEBHOOK_APPS), id: objectId });

/**
 * An installed app's webhook, verified the app's own way: Shopify orders/create, orders/paid,
 * orders/cancelled (X-Shopify-Hmac-Sha256 with the shop's secret); Pipedrive person changes (the Basic
 * credentials registered with the webhook). The installation id in the path fixes the company.
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
