import { describe, expect, it } from 'vitest';
import { ChannelSendError, type OutboundMessage, type ParsedWebhook } from '../adapter.ts';
import {
  COMPANY_ID,
  INTEGRATION_ID,
  fakeFetch,
  fixture,
  fixtureJson,
  integration,
} from '../meta/fake-fetch.ts';
import { type GupshupCredentials, gupshupAdapter as adapter } from './adapter.ts';

const credentials: GupshupCredentials = {
  phone: '558540043000',
  app_name: 'AtendeDemo',
  api_key: 'gs-api-key-xyz',
  webhook_token: 'wh_8d2f6a0b4c1e3f5a7b9c',
};
const load = (name: string) => fixture(import.meta.url, name);
const json = (name: string) => fixtureJson(import.meta.url, name);
const parse = (name: string) => adapter.parseWebhook(load(name), integration, credentials) as ParsedWebhook;
const context = (fetchImpl: ReturnType<typeof fakeFetch>, baseUrl?: string) => ({
  integration,
  credentials,
  baseUrl,
  fetchImpl,
});
const text: OutboundMessage = { kind: 'text', to: '5585966660004', text: 'Abrimos às 8h.' };
const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body ?? ''));

async function sendError(message: OutboundMessage, fetchImpl: ReturnType<typeof fakeFetch>) {
  const error = await adapter.send(message, context(fetchImpl)).catch((caught: unknown) => caught);
  if (!(error instanceof ChannelSendError))
    throw new Error(`expected a ChannelSendError, got ${String(error)}`);
  return error;
}

describe('Gupshup webhook authentication (per-integration token: Gupshup signs nothing)', () => {
  const rawBody = load('message-text.json');
  it('accepts the integration token and refuses a missing or wrong one with 401', () => {
    expect(
      adapter.verifyWebhook(
        { headers: {}, rawBody, query: { token: credentials.webhook_token } },
        credentials,
      ),
    ).toEqual({ ok: true });
    expect(adapter.verifyWebhook({ headers: {}, rawBody, query: {} }, credentials)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(
      adapter.verifyWebhook(
        { headers: {}, rawBody, query: { token: `${credentials.webhook_token}x` } },
        credentials,
      ),
    ).toMatchObject({ ok: false, status: 401 });
  });
});

describe('Gupshup webhook parsing', () => {
  it('parses a text message with the sender phone and name', () => {
    expect(parse('message-text.json')).toEqual({
      items: [
        {
          event: {
            kind: 'message',
            companyId: COMPANY_ID,
            integrationId: INTEGRATION_ID,
            channel: 'official',
            providerMessageId: 'ABEGVYVmZmYEAhBLrTxAIjuMAs3o9X1E7wrm',
            from: { externalId: '5585966660004', phone: '5585966660004', name: 'Ana Ribeiro' },
            text: 'Oi! Qual o horário de vocês?',
            sentAt: '2025-11-21T23:06:40.000Z',
          },
        },
      ],
      ignored: [],
    });
  });

  it.each([
    ['message-image.json', 'image', 'image/jpeg', 'image-ABEGIMAGE01.jpg', 'Esse modelo'],
    ['message-file.json', 'doc', 'application/pdf', 'contrato-assinado.pdf', 'Contrato'],
    ['message-audio.json', 'audio', 'audio/ogg; codecs=opus', 'audio-ABEGAUDIO01.ogg', undefined],
    ['message-video.json', 'video', 'video/mp4', 'video-ABEGVIDEO01.mp4', 'Barulho no motor'],
  ])('parses %s into media to download by URL', (name, kind, mimeType, fileName, caption) => {
    const [item] = parse(name).items;
    expect(item?.media).toMatchObject({ kind, mimeType, fileName, ref: { type: 'url' } });
    expect(item?.event.kind === 'message' ? item.event.text : 'not a message').toBe(caption);
  });

  it('renders a location and takes the titles of replies', () => {
    expect(parse('message-location.json').items[0]?.event).toMatchObject({
      text: '📍 https://maps.google.com/?q=-3.7319,-38.5267',
    });
    expect(parse('message-button-reply.json').items[0]?.event).toMatchObject({
      text: 'Sim',
      replyTo: ['9b71295f-f7af-4c1f-b2b4-31b4a4867bad'],
    });
    expect(parse('message-list-reply.json').items[0]?.event).toMatchObject({ text: 'Suporte técnico' });
  });

  it.each([
    ['event-enqueued.json', 'pending', '2025-11-21T23:08:20.000Z'],
    ['event-sent.json', 'sent', '2025-11-21T23:08:21.000Z'],
    ['event-delivered.json', 'delivered', '2025-11-21T23:08:22.000Z'],
    ['event-read.json', 'read', '2025-11-21T23:08:23.000Z'],
  ])('maps %s to %s on the Gupshup message id the send answered', (name, status, at) => {
    expect(parse(name).items.map((item) => item.event)).toEqual([
      expect.objectContaining({
        kind: 'status',
        providerMessageId: 'ee4a68a0-1203-4c85-8dc3-49d0b3226a35',
        status,
        at,
      }),
    ]);
  });

  it('maps a failed event (e.g. the customer window closed) with its code and reason', () => {
    expect(parse('event-failed.json').items[0]?.event).toMatchObject({
      status: 'failed',
      providerMessageId: '0b6a3f52-9a8e-4a3c-bb52-7f3c1e9d2a11',
      error: { code: '1006', message: expect.stringContaining('inactive for session message') },
    });
  });

  it("matches a failed event by gsId when it carries one and ignores a late DLR without Gupshup's id", () => {
    const parseBody = (body: unknown) =>
      adapter.parseWebhook(JSON.stringify(body), integration, credentials) as ParsedWebhook;
    const failed = json('event-failed.json') as { payload: Record<string, unknown> };
    failed.payload = { ...failed.payload, id: 'gBEGkYaYVSEEAgnPFrOLcjkFjL8', gsId: 'gs-failed-after-sent' };
    expect(parseBody(failed).items[0]?.event).toMatchObject({
      status: 'failed',
      providerMessageId: 'gs-failed-after-sent',
    });
    const late = json('event-delivered.json') as { payload: Record<string, unknown> };
    delete late.payload.gsId;
    expect(parseBody(late)).toEqual({ items: [], ignored: ['message-event delivered without Gupshup id'] });
  });

  it('ignores unknown types and other callbacks without throwing', () => {
    expect(parse('message-unknown.json')).toEqual({
      items: [],
      ignored: ['message ABEGORDER01 of type order not handled'],
    });
    expect(parse('user-event.json')).toEqual({ items: [], ignored: ['user-event callback not handled'] });
    for (const body of [
      '',
      '[',
      '"x"',
      '{"type":"message"}',
      '{"type":"message","payload":{},"timestamp":1}',
    ]) {
      expect((adapter.parseWebhook(body, integration, credentials) as ParsedWebhook).items).toEqual([]);
    }
  });
});

describe('Gupshup send', () => {
  it('posts a form-encoded text message with the apikey header', async () => {
    const fetchImpl = fakeFetch({ status: 202, body: json('send-success.json') });
    await expect(adapter.send(text, context(fetchImpl))).resolves.toEqual({
      providerMessageId: 'ee4a68a0-1203-4c85-8dc3-49d0b3226a35',
    });
    expect(fetchImpl.requests).toEqual([
      {
        url: 'https://api.gupshup.io/wa/api/v1/msg',
        method: 'POST',
        headers: {
          apikey: 'gs-api-key-xyz',
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          channel: 'whatsapp',
          source: '558540043000',
          destination: '5585966660004',
          'src.name': 'AtendeDemo',
          message: JSON.stringify({ type: 'text', text: 'Abrimos às 8h.' }),
        }).toString(),
      },
    ]);
  });

  it('sends images and files by URL to the configured base URL', async () => {
    const fetchImpl = fakeFetch(
      { status: 202, body: json('send-success.json') },
      { status: 202, body: json('send-success.json') },
    );
    await adapter.send(
      {
        kind: 'media',
        to: '5585966660004',
        media: { type: 'image', url: 'https://m.example/a.jpg', caption: 'Foto' },
      },
      context(fetchImpl, 'http://127.0.0.1:4010/gupshup'),
    );
    await adapter.send(
      {
        kind: 'media',
        to: '5585966660004',
        media: { type: 'document', url: 'https://m.example/files/nf.pdf' },
      },
      context(fetchImpl, 'http://127.0.0.1:4010/gupshup'),
    );
    expect(fetchImpl.requests[0]?.url).toBe('http://127.0.0.1:4010/gupshup/wa/api/v1/msg');
    expect(JSON.parse(form(fetchImpl.requests[0]?.body).message ?? '')).toEqual({
      type: 'image',
      originalUrl: 'https://m.example/a.jpg',
      previewUrl: 'https://m.example/a.jpg',
      caption: 'Foto',
    });
    expect(JSON.parse(form(fetchImpl.requests[1]?.body).message ?? '')).toEqual({
      type: 'file',
      url: 'https://m.example/files/nf.pdf',
      filename: 'nf.pdf',
    });
  });

  it('sends a template by id with its body parameters', async () => {
    const fetchImpl = fakeFetch({ status: 202, body: json('send-success.json') });
    await adapter.send(
      {
        kind: 'template',
        to: '5585966660004',
        template: {
          name: 'lembrete',
          id: '5f2449fd-e4d6-4d02-9647-e46a1b4635a4',
          language: 'pt_BR',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: '10/12' },
              ],
            },
          ],
        },
      },
      context(fetchImpl),
    );
    expect(fetchImpl.requests[0]?.url).toBe('https://api.gupshup.io/wa/api/v1/template/msg');
    expect(form(fetchImpl.requests[0]?.body)).toEqual({
      channel: 'whatsapp',
      source: '558540043000',
      destination: '5585966660004',
      'src.name': 'AtendeDemo',
      template: JSON.stringify({ id: '5f2449fd-e4d6-4d02-9647-e46a1b4635a4', params: ['Ana', '10/12'] }),
    });
  });

  it('takes media up to 100 MB and refuses larger files before calling Gupshup', async () => {
    const fetchImpl = fakeFetch({ status: 202, body: json('send-success.json') });
    const media = (size: number): OutboundMessage => ({
      kind: 'media',
      to: '5585966660004',
      media: { type: 'video', url: 'https://m.example/v.mp4', size },
    });
    await expect(adapter.send(media(104_857_600), context(fetchImpl))).resolves.toBeDefined();
    expect(await sendError(media(104_857_601), fetchImpl)).toMatchObject({
      code: 'unsupported_message',
      retryable: false,
    });
    expect(fetchImpl.requests).toHaveLength(1);
  });

  it('maps a rate limit with Retry-After, an auth failure, a bad request and a 5xx', async () => {
    expect(
      await sendError(
        text,
        fakeFetch({ status: 429, body: json('send-error-rate.json'), headers: { 'retry-after': '12' } }),
      ),
    ).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 12,
      message: 'Too Many Requests',
    });
    expect(
      await sendError(text, fakeFetch({ status: 429, body: json('send-error-rate.json') })),
    ).toMatchObject({
      retryAfterSeconds: 60,
    });
    expect(
      await sendError(text, fakeFetch({ status: 401, body: json('send-error-auth.json') })),
    ).toMatchObject({
      code: 'auth_failed',
      retryable: false,
      message: 'Authentication Failed',
    });
    expect(
      await sendError(text, fakeFetch({ status: 400, body: json('send-error-billing.json') })),
    ).toMatchObject({
      code: 'invalid_request',
      retryable: false,
      message: 'Callback Billing must be enabled for this API',
    });
    expect(await sendError(text, fakeFetch({ status: 502, body: '<html>Bad Gateway</html>' }))).toMatchObject(
      {
        code: 'provider_unavailable',
        retryable: true,
      },
    );
  });

  it('maps refusals that name the integration to auth_failed and an unreachable number to recipient_unavailable', async () => {
    for (const [status, fixture] of [
      [401, 'send-error-portal-user.json'],
      [400, 'send-error-app.json'],
    ] as const) {
      expect(await sendError(text, fakeFetch({ status, body: json(fixture) }))).toMatchObject({
        code: 'auth_failed',
        retryable: false,
        providerCode: `http_${status}`,
      });
    }
    expect(
      await sendError(text, fakeFetch({ status: 400, body: json('send-error-invalid.json') })),
    ).toMatchObject({ code: 'recipient_unavailable', retryable: false, message: 'Invalid Destination' });
  });

  it("classifies an error answered with a 2xx by its message and refuses a 2xx without Gupshup's id", async () => {
    expect(
      await sendError(text, fakeFetch({ status: 200, body: json('send-error-invalid.json') })),
    ).toMatchObject({ code: 'recipient_unavailable', retryable: false });
    expect(await sendError(text, fakeFetch({ status: 202, body: { status: 'submitted' } }))).toMatchObject({
      code: 'provider_unavailable',
      retryable: false,
    });
  });

  it('downloads inbound media from its signed URL without the API key', async () => {
    const fetchImpl = fakeFetch({
      status: 200,
      body: new Uint8Array([1]),
      headers: { 'content-type': 'application/pdf' },
    });
    const media = parse('message-file.json').items[0]?.media;
    if (!media) throw new Error('expected media');
    await expect(adapter.fetchMedia(media, context(fetchImpl))).resolves.toEqual({
      body: new Uint8Array([1]),
      contentType: 'application/pdf',
      fileName: 'contrato-assinado.pdf',
    });
    expect(fetchImpl.requests[0]).toMatchObject({
      url: 'https://filemanager.gupshup.io/wa/11f9b3a1-aaaa/wa/media/doc-001?download=false',
      headers: {},
    });
  });
});
