import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ShopifyAction } from '@atende/shared/contracts/apps/views';
import { fillVariables } from '@atende/shared/rules/fill-variables';
import { normalizePhone } from '@atende/shared/rules/phone';
import { isTemplateUsable } from '@atende/shared/rules/statuses';
import { ChannelSendError } from '../../channels/adapter.ts';
import { bindAdapter, isAdapterProvider } from '../../channels/providers.ts';
import { openCredentials } from '../../integrations/crypto.ts';
import { getIntegration } from '../../integrations/store.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { isConditionFailure } from '../../lib/dynamo/transaction.ts';
import { logger } from '../../lib/logger.ts';
import { findTemplate } from '../../templates/store.ts';
import type { AppRecord } from '../records.ts';
import { recordShopifySend, settleShopifySend } from './shopify-thread.ts';
import {
  DEFAULT_ORDER_VARIABLES,
  orderPhone,
  orderVariables,
  SHOPIFY_TOPICS,
  type ShopifyOrder,
  shopifyOrder,
} from './order.ts';

export interface WebhookAnswer {
  statusCode: number;
  body: string;
}

/** Shopify retries a webhook for 48 hours; its id is remembered a little longer. */
const DELIVERY_TTL_SECONDS = 3 * 24 * 60 * 60;

/** X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the exact body bytes, keyed with the shop's secret. */
export function shopifySignatureValid(rawBody: string, secret: string, header: string | undefined): boolean {
  if (!header || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const deliveryKey = (app: AppRecord, webhookId: string) => ({
  pk: `C#${app.company}#APPS#${app._id}#SHOPIFY`,
  sk: `WEBHOOK#${webhookId}`,
});

/** Claims the webhook id so a redelivery sends nothing twice; false when it was already taken. */
async function claim(app: AppRecord, webhookId: string, topic: string): Promise<boolean> {
  try {
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: {
          ...deliveryKey(app, webhookId),
          entity: 'shopify_webhook',
          topic,
          received_at: new Date().toISOString(),
          expiresAt: Math.floor(Date.now() / 1000) + DELIVERY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const release = (app: AppRecord, webhookId: string) =>
  clients().document.send(
    new DeleteCommand({ TableName: config().mainTable, Key: deliveryKey(app, webhookId) }),
  );

/** The template's body as the customer reads it: `{{n}}` replaced by the n-th parameter. */
export const renderTemplateBody = (body: string, parameters: readonly { text: string }[]) =>
  body.replace(
    /\{\{\s*(\d+)\s*\}\}/g,
    (whole, index: string) => parameters[Number(index) - 1]?.text ?? whole,
  );

/**
 * Spec point 3, action send template message: an approved template to the order's customer on WhatsApp,
 * recorded first (pending) in the customer's conversation, then settled with the provider's answer.
 */
async function sendTemplate(
  app: AppRecord,
  action: ShopifyAction,
  order: ShopifyOrder,
  claim: string,
): Promise<void> {
  const skip = (reason: string) =>
    logger.warn('shopify action skipped', { app: app._id, order: order.id, reason });
  const integration = await getIntegration(app.company, action.integration);
  if (integration?.type !== 'official' || !isAdapterProvider(integration.provider)) {
    return skip('integration not found');
  }
  const template = await findTemplate(app.company, integration._id, action.template);
  if (!template || !isTemplateUsable(template)) return skip('template not approved');
  const phone = normalizePhone(orderPhone(order) ?? '');
  if (!phone) return skip('order without a valid phone');
  const values = orderVariables(order);
  const parameters = (action.variables ?? DEFAULT_ORDER_VARIABLES).map((text) => ({
    type: 'text' as const,
    text: fillVariables(text, (key) => values[key]),
  }));
  const thread = await recordShopifySend({
    app,
    integrationId: integration._id,
    phone,
    customerName: values['cliente.nome'] ?? '',
    content: renderTemplateBody(template.body, parameters),
    template: template.name,
    claim,
    event: action.event,
    order: values['pedido.numero'] ?? '',
  });
  if (thread.alreadySent) return skip('already sent for this webhook');
  const adapter = bindAdapter(
    integration.provider,
    openCredentials(integration.credentials, integration._id),
    {
      companyId: app.company,
      integrationId: integration._id,
    },
  );
  let sent: { providerMessageId: string };
  try {
    sent = await adapter.send({
      kind: 'template',
      to: phone.replace(/^\+/, ''),
      template: {
        name: template.name,
        language: template.language,
        id: template.provider_template_id,
        components: [{ type: 'body', parameters }],
      },
    });
  } catch (error) {
    const code = error instanceof ChannelSendError ? error.code : 'send_failed';
    const message = error instanceof Error ? error.message : 'send failed';
    await settleShopifySend(thread, { error: { code, message } });
    throw error;
  }
  await settleShopifySend(thread, sent);
  logger.info('shopify order template sent', {
    app: app._id,
    order: order.id,
    event: action.event,
    providerMessageId: sent.providerMessageId,
  });
}

/**
 * A verified order webhook runs the actions configured for its event, once per webhook id. A send the
 * provider may accept later (rate limit, outage) releases the claim and answers 503, so Shopify retries;
 * what cannot succeed (no phone, template not approved) is logged and answered 200.
 */
export async function receiveShopify(
  app: AppRecord,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<WebhookAnswer> {
  const secret = openCredentials(app.credentials, app._id).webhook_secret ?? '';
  if (!shopifySignatureValid(rawBody, secret, headers['x-shopify-hmac-sha256'])) {
    return { statusCode: 401, body: 'invalid signature' };
  }
  const topic = headers['x-shopify-topic'] ?? '';
  const event = SHOPIFY_TOPICS[topic as keyof typeof SHOPIFY_TOPICS];
  const actions = (app.shopify_actions ?? []).filter((action) => action.event === event);
  if (!event || actions.length === 0) return { statusCode: 200, body: 'ignored' };
  let order: ShopifyOrder;
  try {
    order = shopifyOrder.parse(JSON.parse(rawBody));
  } catch {
    return { statusCode: 400, body: 'not an order' };
  }
  const webhookId = headers['x-shopify-webhook-id'] ?? createHash('sha256').update(rawBody).digest('hex');
  if (!(await claim(app, webhookId, topic))) return { statusCode: 200, body: 'duplicate' };
  try {
    for (const [index, action] of actions.entries()) {
      await sendTemplate(app, action, order, `shopify#${app._id}#${webhookId}#${index}`);
    }
  } catch (error) {
    if (error instanceof ChannelSendError && !error.retryable) {
      logger.warn('shopify action refused by the provider', {
        app: app._id,
        order: order.id,
        error: error.message,
      });
      return { statusCode: 200, body: 'refused' };
    }
    await release(app, webhookId);
    throw error;
  }
  return { statusCode: 200, body: 'ok' };
}
