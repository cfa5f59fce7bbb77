import { describe, expect, it } from 'vitest';
import { ChannelSendError, type OutboundMessage, type ParsedWebhook } from '../adapter.ts';
import {
  COMPANY_ID,
  INTEGRATION_ID,
  fakeFetch,
  fixture,
  fixtureJson,
  integration,
  metaSignature,
} from './fake-fetch.ts';
import { type MessagingCredentials, instagramAdapter, messengerAdapter } from './messaging.ts';

const credentials: MessagingCredentials = {
  page_id: '108886265262420',
  instagram_account_id: '17841405309211844',
  access_token: 'EAAPage-token',
  app_secret: 'page-app-secret',
  verify_token: 'page-verify',
};
const load = (name: string) => fixture(import.meta.url, name);
const json = (name: string) => fixtureJson(import.meta.url, name);
const parseMessenger = (name: string) =>
  messengerAdapter.parseWebhook(load(name), integration, credentials) as ParsedWebhook;
const parseInstagram = (name: string) =>
  instagramAdapter.parseWebhook(load(name), integration, credentials) as ParsedWebhook;
const context = (fetchImpl: ReturnType<typeof fakeFetch>) => ({
  integration,
  credentials,
  baseUrl: undefined,
  fetchImpl,
});

async function sendError(
  adapter: typeof messengerAdapter,
  message: OutboundMessage,
  fetchImpl: ReturnType<typeof fakeFetch>,
) {
  const error = await adapter.send(message, context(fetchImpl)).catch((caught: unknown) => caught);
  if (!(error instanceof ChannelSendError))
    throw new Error(`expected a ChannelSendError, got ${String(error)}`);
  return error;
}

describe.each([
  ['Messenger', messengerAdapter, 'messenger-text.json'],
  ['Instagram', instagramAdapter, 'instagram-messages.json'],
])('%s webhook verification', (_name, adapter, file) => {
  const rawBody = load(file);
  const request = (signature: string | undefined, body = rawBody) => ({
    headers: { 'x-hub-signature-256': signature },
    rawBody: body,
    query: {},
  });

  it('accepts the app-secret signature and refuses others and tampered bodies', () => {
    expect(adapter.verifyWebhook(request(metaSignature(rawBody, 'page-app-secret')), credentials)).toEqual({
      ok: true,
    });
    expect(adapter.verifyWebhook(request(metaSignature(rawBody, 'nope')), credentials)).toMatchObject({
      status: 401,
    });
    expect(adapter.verifyWebhook(request(undefined), credentials)).toMatchObject({ status: 401 });
    expect(
      adapter.verifyWebhook(request(metaSignature(rawBody, 'page-app-secret'), `${rawBody} `), credentials),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('answers the handshake with the challenge for its verify token only', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'page-verify', 'hub.challenge': 'abc123' };
    expect(adapter.handshake?.(query, credentials)).toEqual({ status: 200, body: 'abc123' });
    expect(adapter.handshake?.({ ...query, 'hub.verify_token': 'x' }, credentials)).toEqual({
      status: 403,
      body: 'Forbidden',
    });
  });
});

describe('Messenger webhook parsing', () => {
  it('parses a text message from the PSID', () => {
    expect(parseMessenger('messenger-text.json').items.map((item) => item.event)).toEqual([
      {
        kind: 'message',
        companyId: COMPANY_ID,
        integrationId: INTEGRATION_ID,
        channel: 'messenger',
        providerMessageId:
          'm_HvKxHKZwDwo4Eg5_r4CIdJuSxbBlmMXgCAL5fT09x0pT0S6pzOD6dLCNq1SSs_D2AUuN9zfsl3ISJeKh0kiRqA',
        from: { externalId: '6783210412345678' },
        text: 'Oi, vocês entregam em Caucaia?',
        sentAt: '2025-11-21T23:00:00.000Z',
      },
    ]);
  });

  it('turns attachments into media to download by URL, one item per attachment with stable ids', () => {
    const parsed = parseMessenger('messenger-attachments.json');
    expect(
      parsed.items.map((item) => [item.event.providerMessageId, item.media?.kind, item.media?.fileName]),
    ).toEqual([
      ['m_ATTACH01', 'image', '123_n.jpg'],
      ['m_ATTACH01:1', 'doc', 'orcamento.pdf'],
      ['m_AUDIO01', 'audio', 'audioclip-1763766000.mp4'],
      ['m_VIDEO01', 'video', '101_n.mp4'],
      ['m_FALLBACK01', undefined, undefined],
    ]);
    expect(parsed.items[0]?.media?.ref).toEqual({
      type: 'url',
      url: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/123_n.jpg?_nc_cat=1&oh=abc',
    });
    expect(parsed.items[4]?.event).toMatchObject({
      text: 'olha esse link\nProduto X\nhttps://loja.example/produto-x',
    });
    expect(parsed.ignored).toEqual([
      'attachment template of m_TEMPLATE01 not handled',
      'message m_TEMPLATE01 without text or usable attachment',
    ]);
  });

  it('ignores echoes, maps delivery receipts per mid, and keeps quick replies, reactions and postbacks', () => {
    const parsed = parseMessenger('messenger-events.json');
    expect(parsed.items.map((item) => item.event)).toMatchObject([
      { kind: 'status', providerMessageId: 'm_OUT01', status: 'delivered' },
      { kind: 'status', providerMessageId: 'm_OUT02', status: 'delivered' },
      { kind: 'message', providerMessageId: 'm_QUICK01', text: 'Financeiro', replyTo: ['m_OUT01'] },
      {
        kind: 'message',
        providerMessageId: 'reaction:m_OUT01:6783210412345678:1763766000020',
        text: '❤',
        replyTo: ['m_OUT01'],
      },
      { kind: 'message', providerMessageId: 'm_POSTBACK01', text: 'Falar com atendente' },
    ]);
    expect(parsed.ignored).toEqual([
      'echo of our own message m_ECHO01',
      'read receipt by watermark only',
      'reaction unreact not shown',
      'messaging event optin not handled',
    ]);
  });

  it('skips entries of another page and never throws on malformed bodies', () => {
    expect(parseMessenger('messenger-other-page.json')).toEqual({
      items: [],
      ignored: ["entry for account 999, not this integration's"],
    });
    for (const body of [
      '',
      '{',
      'null',
      '{"object":"instagram"}',
      '{"object":"page","entry":[{"messaging":[1,null,{}]}]}',
    ]) {
      expect((messengerAdapter.parseWebhook(body, integration, credentials) as ParsedWebhook).items).toEqual(
        [],
      );
    }
  });
});

describe('Instagram webhook parsing', () => {
  it('parses text, images, story mentions and reads by mid; skips deletions and echoes', () => {
    const parsed = parseInstagram('instagram-messages.json');
    expect(parsed.items.map((item) => item.event)).toMatchObject([
      {
        kind: 'message',
        channel: 'instagram',
        from: { externalId: '531234567890123' },
        text: 'Tem esse tênis no 42?',
      },
      { kind: 'message', providerMessageId: 'aWdfIMAGE01' },
      {
        kind: 'message',
        providerMessageId: 'aWdfSTORY01',
        text: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17953&signature=def',
      },
      { kind: 'status', providerMessageId: 'aWdfOUT01', status: 'read' },
    ]);
    expect(parsed.items[1]?.media).toEqual({
      kind: 'image',
      ref: { type: 'url', url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17952&signature=abc' },
      mimeType: 'image/jpeg',
      fileName: 'image-aWdfIMAGE01.jpg',
    });
    expect(parsed.ignored).toEqual([
      'message aWdfDELETED01 deleted or unsupported',
      'echo of our own message aWdfECHO01',
    ]);
  });
});

describe('Messenger and Instagram send', () => {
  const text: OutboundMessage = { kind: 'text', to: '6783210412345678', text: 'Entregamos sim!' };

  it('posts to me/messages as a RESPONSE with the page token', async () => {
    const fetchImpl = fakeFetch({ status: 200, body: json('send-api-success.json') });
    await expect(messengerAdapter.send(text, context(fetchImpl))).resolves.toEqual({
      providerMessageId:
        'm_AG5Hz2Uq7tuwNEhXfYYKj8mJEM_QPpz5jdCK48PnKAjSdjfipqxqMvK8ma6AC8fplwlqLP_5cgXIbu7I3rBN0P',
    });
    expect(fetchImpl.requests).toEqual([
      {
        url: 'https://graph.facebook.com/v21.0/me/messages',
        method: 'POST',
        headers: { authorization: 'Bearer EAAPage-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: { id: '6783210412345678' },
          messaging_type: 'RESPONSE',
          message: { text: 'Entregamos sim!' },
        }),
      },
    ]);
  });

  it('sends an attachment by URL and its caption as a following text', async () => {
    const fetchImpl = fakeFetch(
      { status: 200, body: { recipient_id: '1', message_id: 'm_FILE' } },
      { status: 200, body: { recipient_id: '1', message_id: 'm_CAPTION' } },
    );
    const result = await messengerAdapter.send(
      {
        kind: 'media',
        to: '6783210412345678',
        media: { type: 'document', url: 'https://media.example/o.pdf', caption: 'Orçamento' },
      },
      context(fetchImpl),
    );
    expect(result).toEqual({ providerMessageId: 'm_FILE' });
    expect(fetchImpl.requests.map((request) => JSON.parse(request.body ?? '').message)).toEqual([
      { attachment: { type: 'file', payload: { url: 'https://media.example/o.pdf', is_reusable: false } } },
      { text: 'Orçamento' },
    ]);
  });

  it('refuses templates and, on Instagram, extensions outside its list', async () => {
    const fetchImpl = fakeFetch();
    const template: OutboundMessage = {
      kind: 'template',
      to: '1',
      template: { name: 'x', language: 'pt_BR' },
    };
    expect(await sendError(messengerAdapter, template, fetchImpl)).toMatchObject({
      code: 'unsupported_message',
    });
    const pdf: OutboundMessage = {
      kind: 'media',
      to: '1',
      media: { type: 'document', url: 'https://m.example/a.pdf' },
    };
    expect(await sendError(instagramAdapter, pdf, fetchImpl)).toMatchObject({ code: 'unsupported_message' });
    expect(fetchImpl.requests).toEqual([]);
  });

  it.each([
    ['send-api-error-window.json', 400, { code: 'window_closed', retryable: false, providerCode: '10' }],
    ['send-api-error-rate.json', 400, { code: 'rate_limited', retryable: true, retryAfterSeconds: 60 }],
    ['send-api-error-token.json', 401, { code: 'auth_failed', retryable: false }],
    ['send-api-error-unavailable.json', 400, { code: 'recipient_unavailable', retryable: false }],
  ])('maps %s', async (name, status, expected) => {
    expect(await sendError(messengerAdapter, text, fakeFetch({ status, body: json(name) }))).toMatchObject(
      expected,
    );
  });

  it('retries a 5xx answer', async () => {
    expect(await sendError(instagramAdapter, text, fakeFetch({ status: 502, body: '' }))).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
  });

  it('downloads attachment URLs without sending the page token to the CDN', async () => {
    const fetchImpl = fakeFetch({
      status: 200,
      body: new Uint8Array([9]),
      headers: { 'content-type': 'image/png' },
    });
    const media = parseInstagram('instagram-messages.json').items[1]?.media;
    if (!media) throw new Error('expected media');
    await expect(instagramAdapter.fetchMedia(media, context(fetchImpl))).resolves.toEqual({
      body: new Uint8Array([9]),
      contentType: 'image/png',
      fileName: 'image-aWdfIMAGE01.jpg',
    });
    expect(fetchImpl.requests[0]?.headers).toEqual({});
  });
});
