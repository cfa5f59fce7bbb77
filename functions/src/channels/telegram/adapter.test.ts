import { inboundEvent } from '@atende/shared/channels/inbound';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ChannelSendError, type FetchImpl, type SendContext } from '../adapter.ts';
import { type TelegramCredentials, telegramAdapter } from './adapter.ts';
import { setTelegramWebhook } from './api.ts';

const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f60719' };
const credentials: TelegramCredentials = {
  bot_token: '7012345678:AAH-test_token',
  secret_token: 'sec-ret_42',
};
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
const parse = (name: string) => telegramAdapter.parseWebhook(fixture(name), integration, credentials);

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fetch answering each call with the next scripted response and recording the request. */
function scriptedFetch(...responses: { status: number; body: unknown }[]) {
  const calls: Recorded[] = [];
  const fetchImpl: FetchImpl = async (url, init) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected call');
    const body = next.body instanceof Uint8Array ? next.body : JSON.stringify(next.body);
    return new Response(body, { status: next.status });
  };
  return { calls, fetchImpl };
}

const context = (fetchImpl: FetchImpl): SendContext<TelegramCredentials> => ({
  integration,
  credentials,
  baseUrl: 'http://sandbox.test/',
  fetchImpl,
});

const sent = (messageId: number) => ({
  status: 200,
  body: { ok: true, result: { message_id: messageId, chat: { id: 5012345678, type: 'private' }, date: 1 } },
});

describe('telegram webhook verification', () => {
  const request = (headers: Record<string, string>) => ({ headers, rawBody: fixture('text'), query: {} });

  it('accepts the secret token the webhook was registered with', () => {
    const result = telegramAdapter.verifyWebhook(
      request({ 'x-telegram-bot-api-secret-token': 'sec-ret_42' }),
      credentials,
    );
    expect(result).toEqual({ ok: true });
  });

  it('rejects a wrong or missing secret token with 401', () => {
    const wrong = telegramAdapter.verifyWebhook(
      request({ 'x-telegram-bot-api-secret-token': 'sec-ret_43' }),
      credentials,
    );
    const missing = telegramAdapter.verifyWebhook(request({}), credentials);
    expect(wrong).toMatchObject({ ok: false, status: 401 });
    expect(missing).toMatchObject({ ok: false, status: 401 });
  });
});

describe('telegram update parsing', () => {
  it('parses a text message from the chat, keyed by update_id', async () => {
    const { items, ignored } = await parse('text');
    expect(ignored).toEqual([]);
    expect(items).toEqual([
      {
        event: {
          kind: 'message',
          ...integration,
          channel: 'telegram',
          providerMessageId: '731450101',
          from: { externalId: '5012345678', name: 'Maria Souza' },
          text: 'Olá, preciso de ajuda com meu pedido',
          sentAt: '2025-11-21T23:20:00.000Z',
        },
      },
    ]);
    expect(inboundEvent.safeParse(items[0]?.event).success).toBe(true);
  });

  it('takes the largest size of a photo and keeps its caption', async () => {
    const [item] = (await parse('photo')).items;
    expect(item?.event).toMatchObject({ providerMessageId: '731450102', text: 'Foto do produto' });
    expect(item?.media).toEqual({
      kind: 'image',
      ref: { type: 'id', id: 'AgACAgEAAxkBAAIBnWc-large' },
      mimeType: 'image/jpeg',
      fileName: 'photo-413.jpg',
      size: 98213,
    });
  });

  it.each([
    [
      'document',
      {
        kind: 'doc',
        id: 'BQACAgEAAxkBAAIBnmc-doc',
        mimeType: 'application/pdf',
        fileName: 'nota-fiscal.pdf',
      },
    ],
    [
      'audio',
      { kind: 'audio', id: 'CQACAgEAAxkBAAIBn2c-audio', mimeType: 'audio/mpeg', fileName: 'gravacao.mp3' },
    ],
    [
      'voice',
      { kind: 'audio', id: 'AwACAgEAAxkBAAIBoGc-voice', mimeType: 'audio/ogg', fileName: 'voice-416.ogg' },
    ],
    [
      'video',
      { kind: 'video', id: 'BAACAgEAAxkBAAIBoWc-video', mimeType: 'video/mp4', fileName: 'defeito.mp4' },
    ],
  ])('parses a %s as media to fetch', async (name, expected) => {
    const [item] = (await parse(name)).items;
    expect(item?.event.kind).toBe('message');
    expect(item?.media).toMatchObject({
      kind: expected.kind,
      ref: { type: 'id', id: expected.id },
      mimeType: expected.mimeType,
      fileName: expected.fileName,
    });
  });

  it('turns a location into a map link', async () => {
    const [item] = (await parse('location')).items;
    expect(item?.event).toMatchObject({ text: '📍 https://maps.google.com/?q=-23.561414,-46.655881' });
    expect(item?.media).toBeUndefined();
  });

  it('turns a shared contact into text and keeps the sender phone when it is their own', async () => {
    const [item] = (await parse('contact')).items;
    expect(item?.event).toMatchObject({
      text: '👤 Maria Souza +5511987654321',
      from: { externalId: '5012345678', name: 'Maria Souza', phone: '+5511987654321' },
    });
  });

  it('gives a redelivered update the same providerMessageId', async () => {
    const first = await parse('text');
    const again = await parse('text');
    expect(again.items[0]?.event.providerMessageId).toBe(first.items[0]?.event.providerMessageId);
  });

  it('ignores edits, unsupported types and malformed bodies without throwing', async () => {
    expect(await parse('edited-message')).toEqual({
      items: [],
      ignored: ['update 731450109: not a new message'],
    });
    expect(await parse('sticker')).toEqual({
      items: [],
      ignored: ['update 731450110: unsupported message type'],
    });
    expect(await telegramAdapter.parseWebhook('{"nope"', integration, credentials)).toEqual({
      items: [],
      ignored: ['body is not JSON'],
    });
    expect(await telegramAdapter.parseWebhook('{"update_id":"x"}', integration, credentials)).toMatchObject({
      items: [],
    });
  });
});

describe('telegram send', () => {
  it('sends a bot menu as an inline keyboard, one option per row, with the prompt as its text', async () => {
    const { calls, fetchImpl } = scriptedFetch(sent(90));
    await telegramAdapter.send(
      {
        kind: 'text',
        to: '5012345678',
        text: 'Escolha uma opção:\n1 - Vendas\n2 - Suporte',
        menu: {
          prompt: 'Escolha uma opção:',
          options: [
            { id: 'o1', label: 'Vendas' },
            { id: 'o2', label: 'Suporte' },
          ],
        },
      },
      context(fetchImpl),
    );
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      chat_id: '5012345678',
      text: 'Escolha uma opção:',
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Vendas', callback_data: 'o1' }],
          [{ text: 'Suporte', callback_data: 'o2' }],
        ],
      },
    });
  });

  it('reads a tapped inline button as the answer, with the option id and the label the customer saw', async () => {
    expect((await parse('callback-query')).items.map((item) => item.event)).toEqual([
      {
        kind: 'message',
        companyId: integration.companyId,
        integrationId: integration.integrationId,
        channel: 'telegram',
        providerMessageId: '845120377',
        from: { externalId: '5012345678', name: 'Renata Moura' },
        sentAt: expect.any(String),
        text: 'Suporte',
        buttonId: 'o2',
      },
    ]);
  });

  it('sends a text with sendMessage on the configured base URL', async () => {
    const { calls, fetchImpl } = scriptedFetch(sent(88));
    const result = await telegramAdapter.send(
      { kind: 'text', to: '5012345678', text: 'Olá!' },
      context(fetchImpl),
    );
    expect(result).toEqual({ providerMessageId: '5012345678:88' });
    expect(calls).toEqual([
      {
        url: 'http://sandbox.test/bot7012345678:AAH-test_token/sendMessage',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: '5012345678', text: 'Olá!' }),
        },
      },
    ]);
  });

  it.each([
    ['image', 'sendPhoto', 'photo'],
    ['document', 'sendDocument', 'document'],
    ['audio', 'sendAudio', 'audio'],
    ['video', 'sendVideo', 'video'],
  ] as const)('sends %s media by URL with %s', async (type, method, field) => {
    const { calls, fetchImpl } = scriptedFetch(sent(89));
    const url = 'https://media.example/file.bin?sig=1';
    await telegramAdapter.send(
      { kind: 'media', to: '5012345678', media: { type, url, caption: 'Segue' } },
      context(fetchImpl),
    );
    expect(calls[0]?.url).toBe(`http://sandbox.test/bot7012345678:AAH-test_token/${method}`);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      chat_id: '5012345678',
      [field]: url,
      caption: 'Segue',
    });
  });

  it('maps 429 to a retryable error carrying retry_after', async () => {
    const { fetchImpl } = scriptedFetch({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 17',
        parameters: { retry_after: 17 },
      },
    });
    const error = await telegramAdapter
      .send({ kind: 'text', to: '5012345678', text: 'x' }, context(fetchImpl))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelSendError);
    expect(error).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 17,
      providerCode: '429',
    });
  });

  it('maps a blocked bot (403) and an unknown chat (400) to final recipient errors', async () => {
    const { fetchImpl } = scriptedFetch(
      {
        status: 403,
        body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      },
      { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } },
      {
        status: 400,
        body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
      },
      { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } },
    );
    const attempt = () =>
      telegramAdapter
        .send({ kind: 'text', to: '1', text: 'x' }, context(fetchImpl))
        .catch((caught: unknown) => caught);
    expect(await attempt()).toMatchObject({
      code: 'recipient_unavailable',
      retryable: false,
      providerCode: '403',
    });
    expect(await attempt()).toMatchObject({
      code: 'recipient_unavailable',
      retryable: false,
      providerCode: '400',
    });
    expect(await attempt()).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(await attempt()).toMatchObject({ code: 'auth_failed', retryable: false });
  });

  it('maps a network failure or a 502 to a retryable provider error', async () => {
    const failing: FetchImpl = () => Promise.reject(new Error('ECONNRESET'));
    const gateway = scriptedFetch({
      status: 502,
      body: new TextEncoder().encode('<html>Bad Gateway</html>'),
    });
    for (const fetchImpl of [failing, gateway.fetchImpl]) {
      const error = await telegramAdapter
        .send({ kind: 'text', to: '1', text: 'x' }, context(fetchImpl))
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'provider_unavailable', retryable: true });
    }
  });

  it('refuses templates and oversized photos before calling Telegram', async () => {
    const { calls, fetchImpl } = scriptedFetch();
    const template = { kind: 'template', to: '1', template: { name: 'x', language: 'pt_BR' } } as const;
    const photo = {
      kind: 'media',
      to: '1',
      media: { type: 'image', url: 'https://m.example/a.jpg', size: 6 * 1024 * 1024 },
    } as const;
    for (const message of [template, photo]) {
      await expect(telegramAdapter.send(message, context(fetchImpl))).rejects.toMatchObject({
        code: 'unsupported_message',
      });
    }
    expect(calls).toEqual([]);
  });
});

describe('telegram media and webhook registration', () => {
  it('fetches media with getFile then the file path', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
    const { calls, fetchImpl } = scriptedFetch(
      {
        status: 200,
        body: { ok: true, result: { file_id: 'F1', file_path: 'photos/file_7.jpg', file_size: 3 } },
      },
      { status: 200, body: bytes },
    );
    const media = {
      kind: 'image',
      ref: { type: 'id', id: 'F1' },
      mimeType: 'image/jpeg',
      fileName: 'photo-1.jpg',
    } as const;
    const fetched = await telegramAdapter.fetchMedia(media, context(fetchImpl));
    expect(fetched).toEqual({ body: bytes, contentType: 'image/jpeg', fileName: 'photo-1.jpg' });
    expect(calls.map((call) => call.url)).toEqual([
      'http://sandbox.test/bot7012345678:AAH-test_token/getFile',
      'http://sandbox.test/file/bot7012345678:AAH-test_token/photos/file_7.jpg',
    ]);
  });

  it('registers the webhook with its secret token', async () => {
    const { calls, fetchImpl } = scriptedFetch({
      status: 200,
      body: { ok: true, result: true, description: 'Webhook was set' },
    });
    await setTelegramWebhook(
      { botToken: credentials.bot_token, fetchImpl },
      { url: 'https://api.example/webhooks/telegram/abc', secretToken: 'sec-ret_42' },
    );
    expect(calls[0]?.url).toBe('https://api.telegram.org/bot7012345678:AAH-test_token/setWebhook');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      url: 'https://api.example/webhooks/telegram/abc',
      secret_token: 'sec-ret_42',
      allowed_updates: ['message'],
    });
  });

  it('accepts only well-formed credentials', () => {
    expect(telegramAdapter.credentialsSchema.safeParse(credentials).success).toBe(true);
    expect(
      telegramAdapter.credentialsSchema.safeParse({ ...credentials, secret_token: 'has space' }).success,
    ).toBe(false);
  });
});
