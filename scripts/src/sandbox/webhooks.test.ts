import type { ChannelAdapter, WebhookRequest } from '@atende/functions/channels/adapter';
import { dialogAdapter } from '@atende/functions/channels/dialog/adapter';
import { gupshupAdapter } from '@atende/functions/channels/gupshup/adapter';
import { instagramAdapter, messengerAdapter } from '@atende/functions/channels/meta/messaging';
import { metaWhatsappAdapter } from '@atende/functions/channels/meta/whatsapp';
import { accountSignals } from '@atende/functions/campaigns/account-signals';
import { telegramAdapter } from '@atende/functions/channels/telegram/adapter';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postInbound } from './inbound.ts';
import {
  gupshupTextPayload,
  messagingTextPayload,
  telegramTextUpdate,
  type WebhookAuth,
  webhookHeaders,
  whatsappBusinessChangePayload,
  whatsappStatusPayload,
  whatsappTextPayload,
} from './webhooks.ts';

const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f60719' };
const customer = { from: '5585999990001', name: 'Maria Souza', text: 'Oi, tudo bem?' };

const cloud = {
  phone_number_id: '106540352242922',
  access_token: 't',
  app_secret: 'meta-app-secret',
  verify_token: 'v',
};
const page = { page_id: '1122334455', access_token: 't', app_secret: 'page-app-secret', verify_token: 'v' };
const telegram = { bot_token: '7012345678:AAH-sandbox', secret_token: 'sandbox-secret' };
const dialog = {
  api_key: 'k',
  webhook_token: 'dialog-webhook-token-0001',
  phone_number_id: '106540352242922',
};
const gupshup = {
  phone: '558530001000',
  app_name: 'AtendeApp',
  api_key: 'k',
  webhook_token: 'gupshup-webhook-token-01',
};

/** What the product's webhook handler does first: verify the request, then parse it. */
async function receive<C>(adapter: ChannelAdapter<C>, credentials: C, request: WebhookRequest) {
  const verified = adapter.verifyWebhook(request, credentials);
  if (!verified.ok) return { verified, parsed: undefined };
  return { verified, parsed: await adapter.parseWebhook(request.rawBody, integration, credentials) };
}

function signed(payload: unknown, auth: WebhookAuth): WebhookRequest {
  const rawBody = JSON.stringify(payload);
  return { headers: webhookHeaders(rawBody, auth), rawBody, query: {} };
}

describe('signed webhooks the adapters accept', () => {
  const cases = [
    [
      'Meta WhatsApp',
      metaWhatsappAdapter,
      cloud,
      whatsappTextPayload(customer, cloud.phone_number_id),
      { kind: 'meta', appSecret: cloud.app_secret },
    ],
    [
      'Messenger',
      messengerAdapter,
      page,
      messagingTextPayload(customer, page.page_id, 'page'),
      { kind: 'meta', appSecret: page.app_secret },
    ],
    [
      'Instagram',
      instagramAdapter,
      page,
      messagingTextPayload(customer, page.page_id, 'instagram'),
      { kind: 'meta', appSecret: page.app_secret },
    ],
    [
      'Telegram',
      telegramAdapter,
      telegram,
      telegramTextUpdate({ ...customer, from: '5012345678' }),
      { kind: 'telegram', secretToken: telegram.secret_token },
    ],
    [
      '360dialog',
      dialogAdapter,
      dialog,
      whatsappTextPayload(customer, dialog.phone_number_id),
      { kind: 'token', token: dialog.webhook_token },
    ],
    [
      'Gupshup',
      gupshupAdapter,
      gupshup,
      gupshupTextPayload(customer, gupshup.app_name),
      { kind: 'token', token: gupshup.webhook_token },
    ],
  ] as const;

  it.each(cases)(
    '%s: verified and parsed into the customer message',
    async (_name, adapter, credentials, payload, auth) => {
      const { verified, parsed } = await receive(
        adapter as ChannelAdapter<typeof credentials>,
        credentials,
        signed(payload, auth),
      );
      expect(verified).toEqual({ ok: true });
      expect(parsed?.ignored).toEqual([]);
      expect(parsed?.items).toHaveLength(1);
      expect(parsed?.items[0]?.event).toMatchObject({ kind: 'message', text: 'Oi, tudo bem?' });
    },
  );

  it.each(cases)('%s: a wrong secret is rejected', async (_name, adapter, credentials, payload, auth) => {
    const wrong: WebhookAuth =
      auth.kind === 'meta'
        ? { kind: 'meta', appSecret: 'other' }
        : auth.kind === 'telegram'
          ? { kind: 'telegram', secretToken: 'other' }
          : { kind: 'token', token: 'other-token-0000000000' };
    const { verified } = await receive(
      adapter as ChannelAdapter<typeof credentials>,
      credentials,
      signed(payload, wrong),
    );
    expect(verified).toMatchObject({ ok: false, status: 401 });
  });
});

describe('delivery statuses', () => {
  it('plays WhatsApp statuses of a sent message, in any order', async () => {
    const auth = { kind: 'meta', appSecret: cloud.app_secret } as const;
    const statuses = [];
    for (const status of ['read', 'delivered', 'failed'] as const) {
      const payload = whatsappStatusPayload(
        { messageId: 'wamid.X', recipient: customer.from, status },
        cloud.phone_number_id,
      );
      const { verified, parsed } = await receive(metaWhatsappAdapter, cloud, signed(payload, auth));
      expect(verified).toEqual({ ok: true });
      statuses.push(parsed?.items[0]?.event);
    }
    expect(statuses).toMatchObject([
      { kind: 'status', providerMessageId: 'wamid.X', status: 'read' },
      { kind: 'status', providerMessageId: 'wamid.X', status: 'delivered' },
      { kind: 'status', providerMessageId: 'wamid.X', status: 'failed', error: { code: '131026' } },
    ]);
  });
});

describe('postInbound over HTTP', () => {
  let server: Server;
  let url: string;
  const received: { path: string; status: number; text: string | undefined }[] = [];

  beforeAll(async () => {
    // A stand-in of the product's webhook route: Telegram on /telegram, Meta WhatsApp on /whatsapp.
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(',') : value,
          ]),
        );
        const webhook = { headers, rawBody: Buffer.concat(chunks).toString('utf8'), query: {} };
        const handled =
          request.url === '/telegram'
            ? receive(telegramAdapter, telegram, webhook)
            : receive(metaWhatsappAdapter, cloud, webhook);
        void handled.then(({ verified, parsed }) => {
          const status = verified.ok ? 200 : verified.status;
          received.push({
            path: request.url ?? '',
            status,
            text: parsed?.items[0]?.event.kind === 'message' ? parsed.items[0].event.text : undefined,
          });
          response.writeHead(status).end();
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a signed WhatsApp message and a Telegram update the receiver accepts', async () => {
    const whatsapp = await postInbound({
      channel: 'whatsapp',
      to: `${url}/whatsapp`,
      appSecret: cloud.app_secret,
      phoneNumberId: cloud.phone_number_id,
      ...customer,
    });
    const tg = await postInbound({
      channel: 'telegram',
      to: `${url}/telegram`,
      secretToken: telegram.secret_token,
      ...customer,
      from: '5012345678',
    });
    expect(whatsapp).toMatchObject({ status: 200 });
    expect(tg).toMatchObject({ status: 200 });
    expect(received).toEqual([
      { path: '/whatsapp', status: 200, text: 'Oi, tudo bem?' },
      { path: '/telegram', status: 200, text: 'Oi, tudo bem?' },
    ]);
  });

  it('is refused by the receiver when signed with another secret', async () => {
    const result = await postInbound({
      channel: 'whatsapp',
      to: `${url}/whatsapp`,
      appSecret: 'not-the-secret',
      phoneNumberId: cloud.phone_number_id,
      ...customer,
    });
    expect(result).toMatchObject({ status: 401 });
  });
});

describe('WhatsApp Business Account changes', () => {
  it('quality and account changes come signed in the Cloud API shape and read as governor signals', async () => {
    const quality = whatsappBusinessChangePayload({
      field: 'phone_number_quality_update',
      event: 'FLAGGED',
      currentLimit: 'TIER_1K',
    });
    const request = signed(quality, { kind: 'meta', appSecret: cloud.app_secret });
    expect(metaWhatsappAdapter.verifyWebhook(request, cloud)).toEqual({ ok: true });
    // Not a conversation: the messages parser leaves it to the campaigns module.
    const parsed = await metaWhatsappAdapter.parseWebhook(request.rawBody, integration, cloud);
    expect(parsed.items).toEqual([]);
    expect(accountSignals(quality)).toEqual([
      { field: 'phone_number_quality_update', event: 'FLAGGED', tier: 'TIER_1K', phone: '5500000000000' },
    ]);
    const account = whatsappBusinessChangePayload({ field: 'account_update', event: 'ACCOUNT_RESTRICTION' });
    expect(accountSignals(account)).toEqual([
      { field: 'account_update', event: 'ACCOUNT_RESTRICTION', tier: undefined },
    ]);
  });
});
