import type { InboundMessage } from '@atende/shared/channels/inbound';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import {
  receiveProviderWebhook,
  verifyProviderWebhook,
} from '@atende/shared/contracts/webhooks/provider-webhook';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import { newObjectId } from '@atende/shared/domain/object-id';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../channels/meta/fake-fetch.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { TELEGRAM_SECRET_HEADER } from '../channels/telegram/adapter.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { findByProviderId, getMessage } from '../conversations/message-store.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { startFakeS3 } from '../testing/fake-s3.ts';
import {
  META_CREDENTIALS,
  callWebhook,
  cloudApiBody,
  consume,
  createProviderIntegration,
  customerText,
  signedByMeta,
  takeEnqueued,
  useWebhookEnvironment,
} from './test-webhooks.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0 })) };
});

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let tenant: Tenant;
let meta: ProviderIntegrationView;
let telegram: ProviderIntegrationView;
let dialog: ProviderIntegrationView;
let sequence = 0;

beforeAll(async () => {
  s3 = await startFakeS3();
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.S3_FORCE_PATH_STYLE = 'true';
  useWebhookEnvironment();
  await useTestTables();
  tenant = await createTenant();
  meta = await createProviderIntegration(tenant.admin.token, {
    type: 'official',
    provider: 'meta',
    label: 'Oficial',
    ...META_CREDENTIALS,
  });
  setProviderFetch(fakeFetch({ status: 200, body: { ok: true, result: true } }));
  telegram = await createProviderIntegration(tenant.admin.token, {
    type: 'telegram',
    label: 'Bot',
    bot_token: '123:abc',
    secret_token: 'tg-secret-1',
  });
  dialog = await createProviderIntegration(tenant.admin.token, {
    type: 'official',
    provider: 'dialog',
    label: '360',
    phone: '558530002000',
    api_key: 'dialog-key-1',
  });
  takeEnqueued();
});

afterEach(() => setProviderFetch());
afterAll(() => s3.close());

const postMeta = (
  rawBody: string,
  headers: Record<string, string> = signedByMeta(rawBody),
  integrationId = meta._id,
) => callWebhook(receiveProviderWebhook, { params: { provider: 'meta', integrationId }, rawBody, headers });
const nextId = (prefix: string) => `${prefix}.${Date.now()}-${(sequence += 1)}`;

describe('GET /api/webhooks/{provider}/{integrationId} (Meta handshake)', () => {
  it("echoes hub.challenge for the integration's verify token only", async () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': META_CREDENTIALS.verify_token };
    const ok = await callWebhook(verifyProviderWebhook, {
      params: { provider: 'meta', integrationId: meta._id },
      query: { ...query, 'hub.challenge': '1158201444' },
    });
    expect(ok).toEqual({ status: 200, body: '1158201444' });
    const wrong = await callWebhook(verifyProviderWebhook, {
      params: { provider: 'meta', integrationId: meta._id },
      query: { ...query, 'hub.verify_token': 'other', 'hub.challenge': '1' },
    });
    expect(wrong.status).toBe(403);
    const telegramGet = await callWebhook(verifyProviderWebhook, {
      params: { provider: 'telegram', integrationId: telegram._id },
    });
    expect(telegramGet.status).toBe(405);
  });
});

describe('POST /api/webhooks/{provider}/{integrationId}', () => {
  it('enqueues a signed Meta message for the integration company, and stores it exactly once on redelivery', async () => {
    const wamid = nextId('wamid');
    const rawBody = customerText(wamid, '5585988887777', 'Quero um orçamento');
    const response = await postMeta(rawBody);
    expect(response.status).toBe(200);
    const events = takeEnqueued();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'message',
      companyId: tenant.companyId,
      integrationId: meta._id,
      channel: 'official',
      providerMessageId: wamid,
      text: 'Quero um orçamento',
    });
    await consume(events);
    await consume(events);
    const ref = await findByProviderId(tenant.companyId, meta._id, wamid);
    expect(ref).toBeDefined();
    const stored = await getMessage(tenant.companyId, ref?.conversation ?? '', (ref?.sequence ?? 0) + 1);
    expect(stored).toBeUndefined();
  });

  it('answers 401 to a bad or missing signature and enqueues nothing', async () => {
    const rawBody = customerText(nextId('wamid'), '5585988887777', 'forjada');
    expect((await postMeta(rawBody, signedByMeta(rawBody, 'not-the-secret'))).status).toBe(401);
    expect((await postMeta(rawBody, {})).status).toBe(401);
    expect((await postMeta(`${rawBody} `, signedByMeta(rawBody))).status).toBe(401);
    expect(takeEnqueued()).toHaveLength(0);
  });

  it('answers 200 to a verified malformed or unknown payload without storing anything', async () => {
    for (const rawBody of ['{not json', JSON.stringify({ object: 'page', entry: 'x' }), '']) {
      expect((await postMeta(rawBody)).status).toBe(200);
    }
    expect(takeEnqueued()).toHaveLength(0);
  });

  it('answers 404 for an unknown integration or one of another provider', async () => {
    const rawBody = customerText(nextId('wamid'), '5585988887777', 'oi');
    expect((await postMeta(rawBody, signedByMeta(rawBody), newObjectId())).status).toBe(404);
    const asTelegram = await callWebhook(receiveProviderWebhook, {
      params: { provider: 'telegram', integrationId: meta._id },
      rawBody,
    });
    expect(asTelegram.status).toBe(404);
    expect(takeEnqueued()).toHaveLength(0);
  });

  it('takes a rotated app secret and a removed integration at once, though receiving reads it through a cache', async () => {
    const own = await createProviderIntegration(tenant.admin.token, {
      type: 'official',
      provider: 'meta',
      label: 'Rotação',
      ...META_CREDENTIALS,
      phone: '558530003000',
      phone_number_id: '106540352240003',
    });
    const post = (secret: string) => {
      const rawBody = customerText(nextId('wamid'), '5585988880003', 'oi');
      return postMeta(rawBody, signedByMeta(rawBody, secret), own._id);
    };
    // Read once, so the integration is in the cache when its secret changes.
    expect((await post(META_CREDENTIALS.app_secret)).status).toBe(200);
    const rotated = await callRoute(integrations, updateChannelIntegration, {
      token: tenant.admin.token,
      params: { id: own._id },
      body: { app_secret: 'meta-app-secret-rotated' },
    });
    expect(rotated.status).toBe(200);
    expect((await post(META_CREDENTIALS.app_secret)).status).toBe(401);
    expect((await post('meta-app-secret-rotated')).status).toBe(200);
    const removed = await callRoute(integrations, deleteChannelIntegration, {
      token: tenant.admin.token,
      params: { id: own._id },
    });
    expect(removed.status).toBe(204);
    expect((await post('meta-app-secret-rotated')).status).toBe(404);
    takeEnqueued();
  });

  it('checks the Telegram secret token header', async () => {
    const rawBody = JSON.stringify({
      update_id: 731450101 + sequence,
      message: {
        message_id: (sequence += 1),
        from: { id: 5012345678, is_bot: false, first_name: 'Maria' },
        chat: { id: 5012345678, first_name: 'Maria', type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text: 'Olá pelo Telegram',
      },
    });
    const post = (secret: string) =>
      callWebhook(receiveProviderWebhook, {
        params: { provider: 'telegram', integrationId: telegram._id },
        rawBody,
        headers: { 'X-Telegram-Bot-Api-Secret-Token': secret },
      });
    expect((await post('wrong')).status).toBe(401);
    expect(takeEnqueued()).toHaveLength(0);
    expect(TELEGRAM_SECRET_HEADER).toBe('x-telegram-bot-api-secret-token');
    expect((await post('tg-secret-1')).status).toBe(200);
    const [event] = takeEnqueued();
    expect(event).toMatchObject({
      channel: 'telegram',
      companyId: tenant.companyId,
      text: 'Olá pelo Telegram',
    });
  });

  it("checks 360dialog's per-integration URL token", async () => {
    const token = new URL(dialog.webhookUrl).searchParams.get('token') ?? '';
    const rawBody = customerText(nextId('wamid'), '5585988886666', 'via 360');
    const post = (query: Record<string, string>) =>
      callWebhook(receiveProviderWebhook, {
        params: { provider: 'dialog', integrationId: dialog._id },
        rawBody,
        query,
      });
    expect((await post({ token: 'wrong-token-wrong-token' })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    expect(takeEnqueued()).toHaveLength(0);
    expect((await post({ token })).status).toBe(200);
    expect(takeEnqueued()).toMatchObject([{ integrationId: dialog._id, text: 'via 360' }]);
  });

  it('acks media as a pending reference; the consumer copies it into the bucket under the company prefix', async () => {
    const wamid = nextId('wamid.IMG');
    const rawBody = cloudApiBody({
      contacts: [{ profile: { name: 'Maria' }, wa_id: '5585988885555' }],
      messages: [
        {
          from: '5585988885555',
          id: wamid,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'image',
          image: { mime_type: 'image/jpeg', id: '1003383421387256', caption: 'Foto' },
        },
      ],
    });
    expect((await postMeta(rawBody)).status).toBe(200);
    const events = takeEnqueued();
    expect(events[0]).toMatchObject({
      pendingMedia: { provider: 'meta', kind: 'image', ref: { type: 'id', id: '1003383421387256' } },
    });
    expect((events[0] as InboundMessage).media).toBeUndefined();

    const fetch = fakeFetch(
      { status: 200, body: { url: 'https://lookaside.example/media/1003383421387256' } },
      { status: 200, body: new Uint8Array([1, 2, 3, 4]), headers: { 'content-type': 'image/jpeg' } },
    );
    setProviderFetch(fetch);
    s3.requests.length = 0;
    await consume(events);
    await consume(events);
    expect(fetch.requests.map((request) => request.url)).toEqual([
      'https://graph.facebook.com/v21.0/1003383421387256',
      'https://lookaside.example/media/1003383421387256',
    ]);
    // One presigned PUT into the media bucket, the redelivery storing nothing twice.
    expect(s3.requests).toHaveLength(1);
    const [put] = s3.requests;
    expect(put).toMatchObject({ method: 'PUT', contentType: 'image/jpeg' });
    expect([...(put?.body ?? [])]).toEqual([1, 2, 3, 4]);
    expect(put?.query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const bucketPrefix = `/${config().mediaBucket}/`;
    expect(put?.path.startsWith(bucketPrefix)).toBe(true);
    const key = put?.path.slice(bucketPrefix.length) ?? '';
    expect(key).toMatch(new RegExp(`^media/C/${tenant.companyId}/inbound/${meta._id}/`));
    const ref = await findByProviderId(tenant.companyId, meta._id, wamid);
    const stored = await getMessage(tenant.companyId, ref?.conversation ?? '', ref?.sequence ?? 0);
    expect(stored).toMatchObject({ type: 'image', media: { file_path: key } });
  });
});
