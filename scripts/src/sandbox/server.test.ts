import type { ChannelAdapter, FetchImpl, OutboundMessage } from '@atende/functions/channels/adapter';
import { SANDBOX_GUPSHUP_BALANCE } from './gupshup-fake.ts';
import { dialogAdapter } from '@atende/functions/channels/dialog/adapter';
import { gupshupAdapter } from '@atende/functions/channels/gupshup/adapter';
import { messengerAdapter } from '@atende/functions/channels/meta/messaging';
import { metaWhatsappAdapter } from '@atende/functions/channels/meta/whatsapp';
import { motorAdapter } from '@atende/functions/channels/motor/adapter';
import { telegramAdapter } from '@atende/functions/channels/telegram/adapter';
import { setTelegramWebhook } from '@atende/functions/channels/telegram/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

let sandbox: ProviderSandbox;
const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f60719' };
const fetchImpl: FetchImpl = (url, init) => fetch(url, init);
const text = (to: string): OutboundMessage => ({ kind: 'text', to, text: 'Olá, aqui é o suporte.' });

const cloud = {
  phone_number_id: '106540352242922',
  access_token: 'EAAG-sandbox',
  app_secret: 'app-secret',
  verify_token: 'verify',
};
const telegram = { bot_token: '7012345678:AAH-sandbox', secret_token: 'sandbox-secret' };

function context<C>(adapter: ChannelAdapter<C>, credentials: C, provider: keyof ProviderSandbox['baseUrls']) {
  return {
    integration,
    credentials: adapter.credentialsSchema.parse(credentials),
    baseUrl: sandbox.baseUrls[provider],
    fetchImpl,
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

beforeAll(async () => {
  sandbox = await createProviderSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

describe('provider sandbox: Meta Graph', () => {
  it('answers a WhatsApp send like the Cloud API and records the request', async () => {
    const result = await metaWhatsappAdapter.send(
      text('5585999990001'),
      context(metaWhatsappAdapter, cloud, 'meta'),
    );
    expect(result.providerMessageId).toMatch(/^wamid\./);
    const [record] = sandbox.sent('meta');
    expect(record).toMatchObject({
      method: 'POST',
      path: '/v21.0/106540352242922/messages',
      body: { messaging_product: 'whatsapp', to: '5585999990001', type: 'text' },
      response: {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: '5585999990001', wa_id: '5585999990001' }],
          messages: [{ id: result.providerMessageId }],
        },
      },
    });
    expect(record?.headers.authorization).toBe('Bearer EAAG-sandbox');
  });

  it('answers a configured rate limit with Graph error 130429, which the adapter retries', async () => {
    sandbox.failNext('meta', 'rate_limit');
    const error = await failure(
      metaWhatsappAdapter.send(text('5585999990001'), context(metaWhatsappAdapter, cloud, 'meta')),
    );
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true, providerCode: '130429' });
    expect(sandbox.sent('meta')[0]?.response.status).toBe(429);
    // One failure was asked for: the next send goes through.
    await expect(
      metaWhatsappAdapter.send(text('5585999990001'), context(metaWhatsappAdapter, cloud, 'meta')),
    ).resolves.toBeDefined();
  });

  it('refuses a send without an access token the way Graph does', async () => {
    const response = await fetch(`${sandbox.baseUrls.meta}/v21.0/1/messages`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
  });

  it('answers the Messenger Send API with recipient_id and message_id', async () => {
    const credentials = { page_id: '1122', access_token: 'EAAPage', app_secret: 's', verify_token: 'v' };
    const result = await messengerAdapter.send(
      text('6783210412345678'),
      context(messengerAdapter, credentials, 'messenger'),
    );
    expect(result.providerMessageId).toMatch(/^m_/);
    expect(sandbox.sent('messenger')[0]).toMatchObject({
      path: '/v21.0/me/messages',
      body: { recipient: { id: '6783210412345678' } },
      response: { body: { recipient_id: '6783210412345678', message_id: result.providerMessageId } },
    });
  });

  it('serves media the customer sent for the adapter to fetch', async () => {
    const id = sandbox.addMedia(new Uint8Array([1, 2, 3]), 'image/jpeg');
    const media = {
      kind: 'image',
      ref: { type: 'id', id },
      mimeType: 'image/jpeg',
      fileName: 'a.jpg',
    } as const;
    const fetched = await metaWhatsappAdapter.fetchMedia(media, context(metaWhatsappAdapter, cloud, 'meta'));
    expect([...fetched.body]).toEqual([1, 2, 3]);
    expect(sandbox.sent()).toEqual([]);
  });

  it('stands in for motor as a Cloud-API-compatible root of its own', async () => {
    const credentials = { ...cloud, base_url: sandbox.baseUrls.motor };
    const result = await motorAdapter.send(
      text('5585999990002'),
      context(motorAdapter, credentials, 'motor'),
    );
    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(sandbox.sent('motor')).toHaveLength(1);
  });
});

describe('provider sandbox: 360dialog and Gupshup', () => {
  const dialog = { api_key: 'd360-key', webhook_token: 'dialog-webhook-token-0001' };
  const gupshup = {
    phone: '558530001000',
    app_name: 'AtendeApp',
    api_key: 'gs-key',
    webhook_token: 'gupshup-webhook-token-01',
  };

  it('answers 360dialog sends with the Cloud API body and its own error shape', async () => {
    const result = await dialogAdapter.send(text('5585977770003'), context(dialogAdapter, dialog, 'dialog'));
    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(sandbox.sent('dialog')[0]?.headers['d360-api-key']).toBe('d360-key');
    sandbox.failNext('dialog', 'auth');
    const error = await failure(
      dialogAdapter.send(text('5585977770003'), context(dialogAdapter, dialog, 'dialog')),
    );
    expect(error).toMatchObject({ code: 'auth_failed', retryable: false });
    expect(sandbox.sent('dialog')[1]?.response.body).toMatchObject({
      meta: { success: false, http_code: 401, developer_message: 'Invalid api_key' },
    });
  });

  it('answers Gupshup form posts with submitted and a message id, and 429 when asked', async () => {
    const result = await gupshupAdapter.send(
      text('5585988887777'),
      context(gupshupAdapter, gupshup, 'gupshup'),
    );
    expect(sandbox.sent('gupshup')[0]).toMatchObject({
      path: '/wa/api/v1/msg',
      body: {
        channel: 'whatsapp',
        source: '558530001000',
        destination: '5585988887777',
        'src.name': 'AtendeApp',
      },
      response: { status: 202, body: { status: 'submitted', messageId: result.providerMessageId } },
    });
    sandbox.failNext('gupshup', 'rate_limit');
    const error = await failure(
      gupshupAdapter.send(text('5585988887777'), context(gupshupAdapter, gupshup, 'gupshup')),
    );
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true });
  });

  it("answers Gupshup's documented error shapes, which the adapter maps", async () => {
    // Credentials are taken as given (not parsed) so an app name Gupshup does not know can be sent.
    const send = (credentials: typeof gupshup) =>
      failure(
        gupshupAdapter.send(text('5585988887777'), {
          ...context(gupshupAdapter, gupshup, 'gupshup'),
          credentials,
        }),
      );
    sandbox.failNext('gupshup', 'auth');
    expect(await send(gupshup)).toMatchObject({ code: 'auth_failed', message: 'Authentication Failed' });
    sandbox.failNext('gupshup', 'recipient');
    expect(await send(gupshup)).toMatchObject({ code: 'recipient_unavailable', retryable: false });
    sandbox.failNext('gupshup', 'unavailable');
    expect(await send(gupshup)).toMatchObject({ code: 'provider_unavailable', retryable: true });
    expect(await send({ ...gupshup, app_name: '' })).toMatchObject({
      code: 'auth_failed',
      message: 'Invalid App Details',
    });
    expect(sandbox.sent('gupshup').map((record) => [record.response.status, record.response.body])).toEqual([
      [401, { status: 'error', message: 'Authentication Failed' }],
      [400, { status: 'error', message: 'Invalid Destination' }],
      [503, { status: 'error', message: 'Service Unavailable' }],
      [400, { status: 'error', message: 'Invalid App Details' }],
    ]);
  });

  it("answers Gupshup's wallet balance with the documented shape, 401 without the key", async () => {
    const url = `${sandbox.baseUrls.gupshup}/sm/api/v2/wallet/balance`;
    const ok = await fetch(url, { headers: { apikey: 'gupshup-key' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'success', balance: SANDBOX_GUPSHUP_BALANCE });
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ status: 'error', message: 'Authentication Failed' });
    sandbox.failNext('gupshup', 'rate_limit');
    expect((await fetch(url, { headers: { apikey: 'gupshup-key' } })).status).toBe(429);
  });

  it("serves 360dialog media as documented: Meta's CDN URL, fetched from 360dialog's root with the key", async () => {
    const id = sandbox.addMedia(new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    const media = {
      kind: 'doc',
      ref: { type: 'id', id },
      mimeType: 'application/pdf',
      fileName: 'a.pdf',
    } as const;
    const fetched = await dialogAdapter.fetchMedia(media, context(dialogAdapter, dialog, 'dialog'));
    expect([...fetched.body]).toEqual([37, 80, 68, 70]);
    expect(fetched.contentType).toBe('application/pdf');
    const refused = await failure(
      dialogAdapter.fetchMedia(media, {
        ...context(dialogAdapter, dialog, 'dialog'),
        credentials: { ...dialog, api_key: '' },
      }),
    );
    expect(refused).toMatchObject({ code: 'auth_failed', retryable: false });
  });
});

describe('provider sandbox: Telegram Bot API', () => {
  it('answers sendMessage with the sent Message and records it', async () => {
    const result = await telegramAdapter.send(
      text('5012345678'),
      context(telegramAdapter, telegram, 'telegram'),
    );
    const [record] = sandbox.sent('telegram');
    expect(record).toMatchObject({
      path: '/bot7012345678:AAH-sandbox/sendMessage',
      body: { chat_id: '5012345678', text: 'Olá, aqui é o suporte.' },
      response: {
        status: 200,
        body: { ok: true, result: { chat: { id: 5012345678 }, text: 'Olá, aqui é o suporte.' } },
      },
    });
    expect(result.providerMessageId).toMatch(/^5012345678:\d+$/);
  });

  it('answers 429 with retry_after and 403 for a blocked bot when asked', async () => {
    sandbox.failNext('telegram', 'rate_limit', { retryAfter: 7 });
    sandbox.failNext('telegram', 'recipient');
    const limited = await failure(
      telegramAdapter.send(text('1'), context(telegramAdapter, telegram, 'telegram')),
    );
    const blocked = await failure(
      telegramAdapter.send(text('1'), context(telegramAdapter, telegram, 'telegram')),
    );
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
    expect(sandbox.sent('telegram')[0]?.response.body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    expect(blocked).toMatchObject({ code: 'recipient_unavailable', retryable: false, providerCode: '403' });
  });

  it('accepts setWebhook and serves files through getFile', async () => {
    await setTelegramWebhook(
      { botToken: telegram.bot_token, baseUrl: sandbox.baseUrls.telegram, fetchImpl },
      { url: 'http://127.0.0.1:3000/api/webhooks/telegram/x', secretToken: telegram.secret_token },
    );
    expect(sandbox.sent('telegram')[0]).toMatchObject({
      path: '/bot7012345678:AAH-sandbox/setWebhook',
      response: { body: { ok: true, result: true, description: 'Webhook was set' } },
    });
    const id = sandbox.addMedia(new TextEncoder().encode('%PDF'), 'application/pdf');
    const media = {
      kind: 'doc',
      ref: { type: 'id', id },
      mimeType: 'application/pdf',
      fileName: 'a.pdf',
    } as const;
    const fetched = await telegramAdapter.fetchMedia(media, context(telegramAdapter, telegram, 'telegram'));
    expect(new TextDecoder().decode(fetched.body)).toBe('%PDF');
  });

  it('answers an unknown provider with 404', async () => {
    expect((await fetch(`${sandbox.url}/nope/x`)).status).toBe(404);
  });
});
