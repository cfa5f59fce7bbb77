import { describe, expect, it } from 'vitest';
import type { ParsedWebhook } from '../adapter.ts';
import { COMPANY_ID, INTEGRATION_ID, fakeFetch, fixture, integration, metaSignature } from './fake-fetch.ts';
import { type CloudApiCredentials, metaWhatsappAdapter as adapter } from './whatsapp.ts';

const credentials: CloudApiCredentials = {
  phone: '558530001000',
  phone_number_id: '106540352242922',
  access_token: 'EAAG-test-token',
  app_secret: 'app-secret-123',
  verify_token: 'verify-me',
};
const load = (name: string) => fixture(import.meta.url, name);
const parse = (name: string) => adapter.parseWebhook(load(name), integration, credentials) as ParsedWebhook;
const events = (name: string) => parse(name).items.map((item) => item.event);
const context = (fetchImpl: ReturnType<typeof fakeFetch>) => ({
  integration,
  credentials,
  baseUrl: 'http://sandbox.local/graph',
  fetchImpl,
});

describe('Meta WhatsApp webhook verification', () => {
  const rawBody = load('whatsapp-text.json');
  const request = (signature: string | undefined, body = rawBody) => ({
    headers: { 'x-hub-signature-256': signature },
    rawBody: body,
    query: {},
  });

  it('accepts the app-secret HMAC of the raw body', () => {
    expect(adapter.verifyWebhook(request(metaSignature(rawBody, 'app-secret-123')), credentials)).toEqual({
      ok: true,
    });
  });

  it('refuses a missing signature, another secret and a tampered body with 401', () => {
    expect(adapter.verifyWebhook(request(undefined), credentials)).toMatchObject({ ok: false, status: 401 });
    expect(adapter.verifyWebhook(request(metaSignature(rawBody, 'other')), credentials)).toMatchObject({
      ok: false,
      status: 401,
    });
    const tampered = rawBody.replace('meu pedido', 'seu pedido');
    expect(
      adapter.verifyWebhook(request(metaSignature(rawBody, 'app-secret-123'), tampered), credentials),
    ).toMatchObject({ ok: false, status: 401 });
    expect(adapter.verifyWebhook(request('sha256=short'), credentials)).toMatchObject({ ok: false });
  });

  it('answers the subscription handshake only for the integration verify token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1158201444' };
    expect(adapter.handshake?.(query, credentials)).toEqual({ status: 200, body: '1158201444' });
    expect(adapter.handshake?.({ ...query, 'hub.verify_token': 'wrong' }, credentials)).toMatchObject({
      status: 403,
    });
    expect(adapter.handshake?.({ ...query, 'hub.mode': 'unsubscribe' }, credentials)).toMatchObject({
      status: 403,
    });
  });
});

describe('Meta WhatsApp webhook parsing', () => {
  it('parses a text message with the sender name, fixing the company from the integration', () => {
    expect(events('whatsapp-text.json')).toEqual([
      {
        kind: 'message',
        companyId: COMPANY_ID,
        integrationId: INTEGRATION_ID,
        channel: 'official',
        providerMessageId: 'wamid.HBgNNTU4NTk5OTk5MDAwMRUCABIYFDNBMDFBQ0Y3QjEwQjE2N0ZCMUE0AA==',
        from: { externalId: '5585999990001', phone: '5585999990001', name: 'Maria Souza' },
        text: 'Olá, quero saber do meu pedido',
        sentAt: '2025-11-21T23:00:00.000Z',
      },
    ]);
  });

  it.each([
    [
      'whatsapp-image.json',
      'image',
      '1003383421387256',
      'image/jpeg',
      'image-1003383421387256.jpg',
      'Foto do produto',
    ],
    [
      'whatsapp-audio.json',
      'audio',
      '1012286563742118',
      'audio/ogg; codecs=opus',
      'audio-1012286563742118.ogg',
      undefined,
    ],
    [
      'whatsapp-video.json',
      'video',
      '1184374419342170',
      'video/mp4',
      'video-1184374419342170.mp4',
      'Veja o defeito',
    ],
    [
      'whatsapp-document.json',
      'doc',
      '1599185817562213',
      'application/pdf',
      'nota-fiscal-1234.pdf',
      'Nota fiscal',
    ],
    [
      'whatsapp-sticker.json',
      'image',
      '1046291346858040',
      'image/webp',
      'image-1046291346858040.webp',
      undefined,
    ],
  ])('parses %s into a media message to fetch by id', (name, kind, id, mimeType, fileName, caption) => {
    const [item] = parse(name).items;
    expect(item?.media).toEqual({ kind, ref: { type: 'id', id }, mimeType, fileName });
    expect(item?.event.kind === 'message' ? item.event.text : 'not a message').toBe(caption);
    expect(item?.event).not.toHaveProperty('media');
  });

  it('renders location and contacts as text', () => {
    expect(events('whatsapp-location.json')[0]).toMatchObject({
      providerMessageId: 'wamid.LOCATION01',
      text: '📍 Loja Centro - Rua Major Facundo, 500, Fortaleza\nhttps://maps.google.com/?q=-3.7319,-38.5267',
    });
    expect(events('whatsapp-contacts.json')[0]).toMatchObject({ text: '👤 João Lima +55 85 98888-0002' });
  });

  it('takes the title of interactive and template button replies, with the answered message', () => {
    expect(events('whatsapp-interactive.json')).toMatchObject([
      {
        providerMessageId: 'wamid.BUTTONREPLY01',
        text: 'Sim, confirmar',
        buttonId: 'confirm-yes',
        replyTo: ['wamid.OUTBOUND01'],
      },
      {
        providerMessageId: 'wamid.LISTREPLY01',
        text: 'Financeiro',
        buttonId: 'dept-finance',
        replyTo: ['wamid.OUTBOUND02'],
      },
    ]);
    expect(events('whatsapp-button.json')).toMatchObject([
      { text: 'Falar com atendente', replyTo: ['wamid.TEMPLATE01'] },
    ]);
  });

  it('keeps a reaction with the reacted message and skips a removed reaction', () => {
    const parsed = parse('whatsapp-reaction.json');
    expect(parsed.items.map((item) => item.event)).toMatchObject([
      { providerMessageId: 'wamid.REACTION01', text: '👍', replyTo: ['wamid.OUTBOUND01'] },
    ]);
    expect(parsed.ignored).toEqual(['message wamid.REACTION02 of type reaction not handled']);
  });

  it('maps sent, delivered, read and failed statuses, keeping the failure reason and the recipient', () => {
    expect(events('whatsapp-statuses.json')).toEqual([
      expect.objectContaining({
        providerMessageId: 'wamid.OUTBOUND01',
        status: 'read',
        at: '2025-11-21T23:02:00.000Z',
        recipient: '5585999990001',
      }),
      expect.objectContaining({ providerMessageId: 'wamid.OUTBOUND01', status: 'sent' }),
      expect.objectContaining({ providerMessageId: 'wamid.OUTBOUND01', status: 'delivered' }),
      expect.objectContaining({
        kind: 'status',
        providerMessageId: 'wamid.OUTBOUND02',
        status: 'failed',
        error: {
          code: '131047',
          message:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
      }),
    ]);
  });

  it('reads every entry and change, skipping other numbers and other fields', () => {
    const parsed = parse('whatsapp-multiple-entries.json');
    expect(parsed.items.map((item) => item.event.providerMessageId)).toEqual([
      'wamid.MULTI01',
      'wamid.OUTBOUND03',
      'wamid.MULTI02',
    ]);
    expect(parsed.ignored).toEqual([
      "change for phone number id 999999999999999, not this integration's",
      'change field message_template_status_update not handled',
    ]);
  });

  it('gives the same provider id when the same webhook is delivered again', () => {
    expect(events('whatsapp-image.json')).toEqual(events('whatsapp-image.json'));
  });

  it('never throws on unknown or malformed payloads', () => {
    expect(parse('whatsapp-unsupported.json')).toEqual({
      items: [],
      ignored: ['message wamid.UNSUPPORTED01 of type unsupported not handled'],
    });
    for (const body of [
      '',
      'not json',
      '[]',
      '{"object":"page"}',
      '{"object":"whatsapp_business_account","entry":7}',
    ]) {
      expect(() => adapter.parseWebhook(body, integration, credentials)).not.toThrow();
      expect((adapter.parseWebhook(body, integration, credentials) as ParsedWebhook).items).toEqual([]);
    }
    const noId = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { metadata: { phone_number_id: '106540352242922' }, messages: [{ type: 'text' }] },
            },
          ],
        },
      ],
    });
    expect(adapter.parseWebhook(noId, integration, credentials)).toEqual({
      items: [],
      ignored: ['message without id, from or timestamp (type text)'],
    });
  });
});

describe('Meta WhatsApp media download', () => {
  it('resolves the media id to its URL, then downloads it with the token', async () => {
    const fetchImpl = fakeFetch(
      {
        status: 200,
        body: {
          url: 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1',
          mime_type: 'image/jpeg',
          id: '1003383421387256',
        },
      },
      { status: 200, body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'image/jpeg' } },
    );
    const [item] = parse('whatsapp-image.json').items;
    if (!item?.media) throw new Error('expected media');
    const fetched = await adapter.fetchMedia(item.media, context(fetchImpl));
    expect(fetched).toEqual({
      body: new Uint8Array([1, 2, 3]),
      contentType: 'image/jpeg',
      fileName: 'image-1003383421387256.jpg',
    });
    expect(
      fetchImpl.requests.map((request) => [request.method, request.url, request.headers.authorization]),
    ).toEqual([
      ['GET', 'http://sandbox.local/graph/v21.0/1003383421387256', 'Bearer EAAG-test-token'],
      ['GET', 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1', 'Bearer EAAG-test-token'],
    ]);
  });
});
