import { describe, expect, it } from 'vitest';
import { ChannelSendError, type OutboundMessage, type ParsedWebhook } from '../adapter.ts';
import { fakeFetch, fixture, fixtureJson, integration } from '../meta/fake-fetch.ts';
import { type DialogCredentials, dialogAdapter as adapter } from './adapter.ts';

const credentials: DialogCredentials = {
  api_key: 'd360-key-abc',
  webhook_token: 'wh_3f9a1c7e5b2d4a6c8e0f',
  phone_number_id: '113355779911224',
};
const rawBody = fixture(import.meta.url, 'webhook-messages.json');
const json = (name: string) => fixtureJson(import.meta.url, name);
const context = (fetchImpl: ReturnType<typeof fakeFetch>) => ({
  integration,
  credentials,
  baseUrl: undefined,
  fetchImpl,
});
const text: OutboundMessage = { kind: 'text', to: '5585977770003', text: 'Segue a segunda via.' };

async function sendError(fetchImpl: ReturnType<typeof fakeFetch>) {
  const error = await adapter.send(text, context(fetchImpl)).catch((caught: unknown) => caught);
  if (!(error instanceof ChannelSendError))
    throw new Error(`expected a ChannelSendError, got ${String(error)}`);
  return error;
}

describe('360dialog webhook authentication (per-integration token: 360dialog signs nothing)', () => {
  it('accepts the token in the query string or in the X-Webhook-Token header', () => {
    expect(
      adapter.verifyWebhook(
        { headers: {}, rawBody, query: { token: credentials.webhook_token } },
        credentials,
      ),
    ).toEqual({ ok: true });
    expect(
      adapter.verifyWebhook(
        { headers: { 'x-webhook-token': credentials.webhook_token }, rawBody, query: {} },
        credentials,
      ),
    ).toEqual({ ok: true });
  });

  it('refuses a missing or wrong token with 401, whatever the body', () => {
    expect(adapter.verifyWebhook({ headers: {}, rawBody, query: {} }, credentials)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(
      adapter.verifyWebhook(
        { headers: {}, rawBody: '{"forged":true}', query: { token: 'wh_guess' } },
        credentials,
      ),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('has no GET handshake', () => {
    expect(adapter.handshake).toBeUndefined();
  });
});

describe('360dialog webhook parsing (Cloud API shapes)', () => {
  it('parses messages, media and statuses in payload order', () => {
    const parsed = adapter.parseWebhook(rawBody, integration, credentials) as ParsedWebhook;
    expect(parsed.ignored).toEqual([]);
    expect(parsed.items.map((item) => item.event)).toMatchObject([
      {
        kind: 'message',
        channel: 'official',
        providerMessageId: 'wamid.DIALOGTEXT01',
        text: 'Bom dia, preciso da segunda via',
        from: { name: 'Carlos Dias' },
      },
      { kind: 'message', providerMessageId: 'wamid.DIALOGDOC01' },
      { kind: 'status', providerMessageId: 'wamid.DIALOGOUT01', status: 'delivered' },
      {
        kind: 'status',
        providerMessageId: 'wamid.DIALOGOUT02',
        status: 'failed',
        error: { code: '131026', message: 'Message Undeliverable.' },
      },
    ]);
    expect(parsed.items[1]?.media).toEqual({
      kind: 'doc',
      ref: { type: 'id', id: '829457219182735' },
      mimeType: 'application/pdf',
      fileName: 'comprovante.pdf',
    });
  });

  it('skips changes for another phone number id', () => {
    const parsed = adapter.parseWebhook(rawBody, integration, {
      ...credentials,
      phone_number_id: '1',
    }) as ParsedWebhook;
    expect(parsed.items).toEqual([]);
    expect(parsed.ignored).toHaveLength(2);
  });
});

describe('360dialog send', () => {
  it('posts the Cloud API body to {base}/messages with the D360-API-KEY header', async () => {
    const fetchImpl = fakeFetch({ status: 200, body: json('send-success.json') });
    await expect(adapter.send(text, context(fetchImpl))).resolves.toEqual({
      providerMessageId: 'wamid.HBgNNTU4NTk3Nzc3MDAwMxUCABEYEkE3QjY5RDg2QTM1RjE2N0Y4NgA=',
    });
    expect(fetchImpl.requests).toEqual([
      {
        url: 'https://waba-v2.360dialog.io/messages',
        method: 'POST',
        headers: { 'd360-api-key': 'd360-key-abc', 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '5585977770003',
          type: 'text',
          text: { preview_url: false, body: 'Segue a segunda via.' },
        }),
      },
    ]);
  });

  it('sends to the configured base URL (the sandbox)', async () => {
    const fetchImpl = fakeFetch({ status: 200, body: json('send-success.json') });
    await adapter.send(text, { ...context(fetchImpl), baseUrl: 'http://127.0.0.1:4010/dialog' });
    expect(fetchImpl.requests[0]?.url).toBe('http://127.0.0.1:4010/dialog/messages');
  });

  it('maps rate limits (its own 429 and Meta pair limit) to retryable errors', async () => {
    expect(
      await sendError(
        fakeFetch({ status: 429, body: json('error-rate-limit.json'), headers: { 'retry-after': '3' } }),
      ),
    ).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 3,
      message: 'You have exceeded the endpoint rate limit.',
    });
    expect(await sendError(fakeFetch({ status: 400, body: json('error-pair-rate.json') }))).toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 6,
    });
  });

  it('maps a closed window, an invalid key and a 5xx', async () => {
    expect(await sendError(fakeFetch({ status: 400, body: json('error-reengagement.json') }))).toMatchObject({
      code: 'window_closed',
      retryable: false,
    });
    expect(await sendError(fakeFetch({ status: 401, body: json('error-invalid-key.json') }))).toMatchObject({
      code: 'auth_failed',
      retryable: false,
      message: 'Invalid api_key',
    });
    expect(await sendError(fakeFetch({ status: 500, body: json('error-internal.json') }))).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
  });

  it('downloads media through 360dialog, keeping the CDN path and query on its host', async () => {
    const fetchImpl = fakeFetch(
      {
        status: 200,
        body: {
          url: 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=829457219182735&ext=1&hash=x',
          mime_type: 'application/pdf',
        },
      },
      { status: 200, body: new Uint8Array([37, 80, 68, 70]), headers: { 'content-type': 'application/pdf' } },
    );
    const media = (adapter.parseWebhook(rawBody, integration, credentials) as ParsedWebhook).items[1]?.media;
    if (!media) throw new Error('expected media');
    const fetched = await adapter.fetchMedia(media, context(fetchImpl));
    expect(fetched.fileName).toBe('comprovante.pdf');
    expect(fetchImpl.requests.map((request) => [request.url, request.headers['d360-api-key']])).toEqual([
      ['https://waba-v2.360dialog.io/829457219182735', 'd360-key-abc'],
      [
        'https://waba-v2.360dialog.io/whatsapp_business/attachments/?mid=829457219182735&ext=1&hash=x',
        'd360-key-abc',
      ],
    ]);
  });

  it('does not retry a media lookup 360dialog refuses (its error-based throttle blocks the number)', async () => {
    const media = (adapter.parseWebhook(rawBody, integration, credentials) as ParsedWebhook).items[1]?.media;
    if (!media) throw new Error('expected media');
    const refused = (status: number, body: unknown) =>
      adapter.fetchMedia(media, context(fakeFetch({ status, body }))).catch((error: unknown) => error);
    expect(
      await refused(404, {
        meta: {
          success: false,
          http_code: 404,
          developer_message: 'Media not found',
          '360dialog_trace_id': 'm1',
        },
      }),
    ).toMatchObject({ code: 'invalid_request', retryable: false, message: 'Media not found' });
    expect(await refused(401, json('error-invalid-key.json'))).toMatchObject({
      code: 'auth_failed',
      retryable: false,
    });
    expect(await refused(429, json('error-rate-limit.json'))).toMatchObject({
      code: 'rate_limited',
      retryable: true,
    });
  });
});
