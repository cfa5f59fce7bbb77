import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { standInWebRoot } from '../testing/runtime-client.ts';
import { postShopifyWebhook, sampleOrder } from './shopify.ts';

/**
 * Shopify end to end through the local runtime: the shop's signed order webhook reaches the product, which
 * sends the configured approved template through the company's official WhatsApp (the sandbox's 360dialog).
 */
let runtime: TestRuntime;
let call: (path: string, body: unknown) => Promise<Response>;
let get: (path: string) => Promise<Response>;
const SECRET = 'shpss_sandbox_secret';

beforeAll(async () => {
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  const admin = runtime.logins.find((login) => login.role === 'admin');
  if (!admin) throw new Error('no admin login');
  const signIn = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  get = (path) => fetch(`${runtime.url}/api${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
  call = (path, body) =>
    fetch(`${runtime.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
    });
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

const templateSends = () =>
  runtime.sandbox
    .sent('dialog')
    .map((request) => request.body as { to?: string; type?: string; template?: unknown })
    .filter((body) => body.type === 'template');

describe('Shopify order webhooks through the sandbox', () => {
  it('verifies the signature, sends the approved template with the order variables once, refuses forgeries', async () => {
    const channel = await call('/integrations/channels', {
      type: 'official',
      provider: 'dialog',
      label: 'WhatsApp Loja',
      phone: '5585930001000',
      api_key: 'dialog-api-key-123',
    });
    expect(channel.status).toBe(201);
    const integration = ((await channel.json()) as { _id: string })._id;
    const template = await call('/templates', {
      integration,
      name: 'pedido_pago',
      body: 'Olá {{1}}, recebemos o pagamento do pedido {{2}} ({{3}}). Acompanhe: {{4}}',
    });
    expect(template.status).toBe(201);
    const installed = await call('/apps/shopify', {
      token: 'shpat_sandbox',
      shop: 'loja-sandbox.myshopify.com',
      webhook_secret: SECRET,
      shopify_actions: [
        { event: 'order_paid', action: 'send_template_message', integration, template: 'pedido_pago' },
      ],
    });
    expect(installed.status).toBe(201);
    const { installation } = (await installed.json()) as { installation: { webhook_url: string } };
    const url = installation.webhook_url;
    expect(url).toMatch(/\/api\/apps\/shopify\/[0-9a-f]{24}\/webhooks$/);

    const order = sampleOrder({
      number: 1042,
      customer: 'Joana Prado',
      total: '249.90',
      trackingUrl: 'https://rastreio.example/BR123',
    });
    const forged = await postShopifyWebhook({ url, secret: 'outro-segredo', topic: 'orders/paid', order });
    expect(forged.status).toBe(401);
    expect(templateSends()).toEqual([]);

    const paid = await postShopifyWebhook({
      url,
      secret: SECRET,
      topic: 'orders/paid',
      order,
      webhookId: 'wh-1042',
    });
    expect(paid).toEqual({ status: 200, body: 'ok' });
    const sends = templateSends();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      to: '5585988887777',
      template: {
        name: 'pedido_pago',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Joana Prado' },
              { type: 'text', text: '#1042' },
              { type: 'text', text: 'R$\u00a0249,90' },
              { type: 'text', text: 'https://rastreio.example/BR123' },
            ],
          },
        ],
      },
    });

    // Shopify redelivers the same webhook id: nothing is sent twice.
    const again = await postShopifyWebhook({
      url,
      secret: SECRET,
      topic: 'orders/paid',
      order,
      webhookId: 'wh-1042',
    });
    expect(again).toEqual({ status: 200, body: 'duplicate' });
    // An event without a configured action is acknowledged and sends nothing.
    const created = await postShopifyWebhook({ url, secret: SECRET, topic: 'orders/create', order });
    expect(created).toEqual({ status: 200, body: 'ignored' });
    expect(templateSends()).toHaveLength(1);

    // The notification is in the customer's thread as an outbound message, sent, once.
    const messagesOf = async () => {
      const listed = (await (await get('/conversations?tab=all&search=joana')).json()) as {
        items: { _id: string; status: string; customer: { full_name: string; cel_phone?: string } }[];
      };
      expect(listed.items).toHaveLength(1);
      const [conversation] = listed.items;
      expect(conversation).toMatchObject({
        status: 'closed',
        customer: { full_name: 'Joana Prado', cel_phone: '+5585988887777' },
      });
      const page = (await (await get(`/conversations/${conversation?._id}/messages`)).json()) as {
        items: { content: string; sent_by: string; status: string; flags: string[] }[];
      };
      return page.items;
    };
    const thread = await messagesOf();
    expect(thread).toEqual([
      expect.objectContaining({
        content:
          'Olá Joana Prado, recebemos o pagamento do pedido #1042 (R$\u00a0249,90). Acompanhe: https://rastreio.example/BR123',
        sent_by: 'bot',
        status: 'sent',
        flags: ['template', 'shopify'],
      }),
    ]);
  }, 120_000);
});
