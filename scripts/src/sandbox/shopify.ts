import { createHmac, randomUUID } from 'node:crypto';

/**
 * Plays the shop: posts Shopify's order webhooks (orders/create, orders/paid, orders/cancelled) to the
 * product, signed as Shopify signs them (X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body with the
 * shop's webhook secret), with the headers Shopify sends.
 */
export const SHOPIFY_TOPICS = ['orders/create', 'orders/paid', 'orders/cancelled'] as const;
export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number];

export const signShopifyBody = (body: string, secret: string): string =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

export interface SampleOrderInput {
  id?: number;
  number?: number;
  customer?: string;
  phone?: string;
  total?: string;
  currency?: string;
  trackingUrl?: string;
  cancelled?: boolean;
}

/** An order in the Admin API's shape (the fields a webhook carries that the product reads, and a few more). */
export function sampleOrder(input: SampleOrderInput = {}) {
  const number = input.number ?? 1001;
  const [first = 'Cliente', ...rest] = (input.customer ?? 'Joana Prado').split(' ');
  const now = new Date().toISOString();
  return {
    id: input.id ?? 820982911946154500 + number,
    admin_graphql_api_id: `gid://shopify/Order/${input.id ?? number}`,
    name: `#${number}`,
    order_number: number,
    email: 'joana@cliente.example',
    phone: null,
    created_at: now,
    updated_at: now,
    cancelled_at: input.cancelled ? now : null,
    cancel_reason: input.cancelled ? 'customer' : null,
    financial_status: input.cancelled ? 'voided' : 'paid',
    currency: input.currency ?? 'BRL',
    total_price: input.total ?? '199.90',
    order_status_url: `https://loja-sandbox.myshopify.com/orders/${number}/authenticate`,
    customer: {
      id: 115310627314723950,
      first_name: first,
      last_name: rest.join(' '),
      email: 'joana@cliente.example',
      phone: input.phone ?? '+5585988887777',
    },
    billing_address: { first_name: first, last_name: rest.join(' '), phone: input.phone ?? '+5585988887777' },
    shipping_address: { first_name: first, last_name: rest.join(' '), phone: null },
    line_items: [{ id: 1, title: 'Camiseta', quantity: 1, price: input.total ?? '199.90' }],
    fulfillments: input.trackingUrl
      ? [{ id: 1, status: 'success', tracking_url: input.trackingUrl, tracking_urls: [input.trackingUrl] }]
      : [],
  };
}

export interface ShopifyWebhookInput {
  url: string;
  secret: string;
  topic: ShopifyTopic;
  order: unknown;
  shop?: string;
  /** Repeat one to play Shopify's redelivery of the same webhook. */
  webhookId?: string;
  /** Signs with this instead (to see a forged call refused). */
  signature?: string;
}

export async function postShopifyWebhook(
  input: ShopifyWebhookInput,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(input.order);
  const response = await fetch(input.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': input.topic,
      'x-shopify-hmac-sha256': input.signature ?? signShopifyBody(body, input.secret),
      'x-shopify-shop-domain': input.shop ?? 'loja-sandbox.myshopify.com',
      'x-shopify-api-version': '2025-10',
      'x-shopify-webhook-id': input.webhookId ?? randomUUID(),
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    body,
  });
  return { status: response.status, body: await response.text() };
}
