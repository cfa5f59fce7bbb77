import { describe, expect, it } from 'vitest';
import { ChannelSendError, type OutboundMessage } from '../adapter.ts';
import { fakeFetch, fixtureJson, integration } from './fake-fetch.ts';
import { type CloudApiCredentials, metaWhatsappAdapter as adapter } from './whatsapp.ts';

const credentials: CloudApiCredentials = {
  phone_number_id: '106540352242922',
  access_token: 'EAAG-test-token',
  app_secret: 'app-secret-123',
  verify_token: 'verify-me',
};
const json = (name: string) => fixtureJson(import.meta.url, name);
const success = () => fakeFetch({ status: 200, body: json('graph-send-success.json') });
const context = (fetchImpl: ReturnType<typeof fakeFetch>, baseUrl?: string) => ({
  integration,
  credentials,
  baseUrl,
  fetchImpl,
});
const WAMID = 'wamid.HBgNNTU4NTk5OTk5MDAwMRUCABEYEjQyMzVCRjM0QjQ0RkZEMjY4NQA=';

async function sendError(message: OutboundMessage, fetchImpl: ReturnType<typeof fakeFetch>) {
  const error = await adapter.send(message, context(fetchImpl)).catch((caught: unknown) => caught);
  if (!(error instanceof ChannelSendError))
    throw new Error(`expected a ChannelSendError, got ${String(error)}`);
  return error;
}

const text: OutboundMessage = { kind: 'text', to: '5585999990001', text: 'Seu pedido saiu para entrega.' };

describe('Meta WhatsApp send', () => {
  it('posts a text message to the phone number with the bearer token', async () => {
    const fetchImpl = success();
    await expect(adapter.send(text, context(fetchImpl))).resolves.toEqual({ providerMessageId: WAMID });
    expect(fetchImpl.requests).toEqual([
      {
        url: 'https://graph.facebook.com/v21.0/106540352242922/messages',
        method: 'POST',
        headers: { authorization: 'Bearer EAAG-test-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '5585999990001',
          type: 'text',
          text: { preview_url: false, body: 'Seu pedido saiu para entrega.' },
        }),
      },
    ]);
  });

  it('sends a bot menu as reply buttons up to three options, a list up to ten, else numbered text', async () => {
    const menuOf = (labels: string[]): OutboundMessage => ({
      kind: 'text',
      to: '5585999990001',
      text: `Escolha:\n${labels.map((label, index) => `${index + 1} - ${label}`).join('\n')}`,
      menu: { prompt: 'Escolha:', options: labels.map((label, index) => ({ id: `o${index}`, label })) },
    });
    const bodyOf = async (message: OutboundMessage) => {
      const fetchImpl = success();
      await adapter.send(message, context(fetchImpl));
      return JSON.parse(String(fetchImpl.requests[0]?.body)) as Record<string, unknown>;
    };
    expect(await bodyOf(menuOf(['Vendas', 'Suporte']))).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Escolha:' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'o0', title: 'Vendas' } },
            { type: 'reply', reply: { id: 'o1', title: 'Suporte' } },
          ],
        },
      },
    });
    const five = ['Vendas', 'Suporte', 'Financeiro', 'Trocas e devoluções', 'Outros assuntos'];
    expect(await bodyOf(menuOf(five))).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'list',
        action: {
          button: 'Opções',
          sections: [{ rows: five.map((title, index) => ({ id: `o${index}`, title })) }],
        },
      },
    });
    const tooMany = Array.from({ length: 11 }, (_, index) => `Opção ${index + 1}`);
    expect(await bodyOf(menuOf(tooMany))).toMatchObject({ type: 'text' });
    const longLabel = ['Quero falar sobre a minha fatura em atraso'];
    expect(await bodyOf(menuOf(longLabel))).toMatchObject({
      type: 'text',
      text: { body: 'Escolha:\n1 - Quero falar sobre a minha fatura em atraso' },
    });
  });

  it('uses the configured base URL and API version (the sandbox stands in)', async () => {
    const fetchImpl = success();
    await adapter.send(text, {
      ...context(fetchImpl, 'http://127.0.0.1:4010/meta/'),
      credentials: { ...credentials, api_version: 'v19.0' },
    });
    expect(fetchImpl.requests[0]?.url).toBe('http://127.0.0.1:4010/meta/v19.0/106540352242922/messages');
  });

  it('sends a document by link with its file name and caption', async () => {
    const fetchImpl = success();
    await adapter.send(
      {
        kind: 'media',
        to: '5585999990001',
        media: {
          type: 'document',
          url: 'https://media.example/boleto.pdf?sig=1',
          filename: 'boleto.pdf',
          caption: 'Seu boleto',
        },
      },
      context(fetchImpl),
    );
    expect(JSON.parse(fetchImpl.requests[0]?.body ?? '')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5585999990001',
      type: 'document',
      document: {
        link: 'https://media.example/boleto.pdf?sig=1',
        caption: 'Seu boleto',
        filename: 'boleto.pdf',
      },
    });
  });

  it('sends an audio without a caption', async () => {
    const fetchImpl = success();
    await adapter.send(
      {
        kind: 'media',
        to: '5585999990001',
        media: { type: 'audio', url: 'https://media.example/a.ogg', caption: 'x' },
      },
      context(fetchImpl),
    );
    expect(JSON.parse(fetchImpl.requests[0]?.body ?? '')).toMatchObject({
      type: 'audio',
      audio: { link: 'https://media.example/a.ogg' },
    });
  });

  it('sends a template with its language and components', async () => {
    const fetchImpl = success();
    const components = [{ type: 'body' as const, parameters: [{ type: 'text' as const, text: 'Maria' }] }];
    await adapter.send(
      {
        kind: 'template',
        to: '5585999990001',
        template: { name: 'boas_vindas', language: 'pt_BR', components },
      },
      context(fetchImpl),
    );
    expect(JSON.parse(fetchImpl.requests[0]?.body ?? '')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5585999990001',
      type: 'template',
      template: { name: 'boas_vindas', language: { code: 'pt_BR' }, components },
    });
  });

  it.each([
    ['graph-error-throughput.json', '130429', 5],
    ['graph-error-pair-rate.json', '131056', 6],
    ['graph-error-app-rate.json', '4', 60],
    ['graph-error-waba-rate.json', '80007', 60],
  ])('maps the rate limit in %s to a retryable error with a backoff', async (name, providerCode, seconds) => {
    const error = await sendError(text, fakeFetch({ status: 400, body: json(name) }));
    expect(error).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: seconds,
      providerCode,
    });
  });

  it('prefers the Retry-After header when the answer carries one', async () => {
    const error = await sendError(
      text,
      fakeFetch({ status: 429, body: json('graph-error-throughput.json'), headers: { 'retry-after': '17' } }),
    );
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 17 });
  });

  it('maps 131047 to a closed window that is not retried', async () => {
    const error = await sendError(
      text,
      fakeFetch({ status: 400, body: json('graph-error-reengagement.json') }),
    );
    expect(error).toMatchObject({ code: 'window_closed', retryable: false, providerCode: '131047' });
    expect(error.message).toContain('more than 24 hours');
  });

  it('maps an expired token to an auth error that is not retried', async () => {
    const error = await sendError(text, fakeFetch({ status: 401, body: json('graph-error-token.json') }));
    expect(error).toMatchObject({ code: 'auth_failed', retryable: false, providerCode: '190' });
  });

  it('retries 5xx answers and network failures, but not a bad parameter', async () => {
    expect(
      await sendError(text, fakeFetch({ status: 500, body: json('graph-error-service.json') })),
    ).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
    expect(await sendError(text, fakeFetch({ status: 503, body: 'Service Unavailable' }))).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
      providerCode: 'http_503',
    });
    expect(await sendError(text, fakeFetch(new TypeError('fetch failed')))).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
    expect(
      await sendError(text, fakeFetch({ status: 400, body: json('graph-error-invalid-parameter.json') })),
    ).toMatchObject({
      code: 'invalid_request',
      retryable: false,
      providerCode: '100',
    });
  });

  it('refuses over-long text before calling the provider', async () => {
    const fetchImpl = fakeFetch();
    const error = await sendError({ ...text, text: 'x'.repeat(4097) }, fetchImpl);
    expect(error).toMatchObject({ code: 'unsupported_message', retryable: false });
    expect(fetchImpl.requests).toEqual([]);
  });

  it('does not retry an accepted answer without a message id (it may have been sent)', async () => {
    const error = await sendError(text, fakeFetch({ status: 200, body: { messaging_product: 'whatsapp' } }));
    expect(error).toMatchObject({ code: 'provider_unavailable', retryable: false });
  });
});
