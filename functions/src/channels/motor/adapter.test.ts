import { describe, expect, it } from 'vitest';
import { ChannelSendError, type OutboundMessage, type ParsedWebhook } from '../adapter.ts';
import { fakeFetch, fixture, fixtureJson, integration, metaSignature } from '../meta/fake-fetch.ts';
import type { CloudApiCredentials } from '../meta/whatsapp.ts';
import { motorAdapter as adapter, motorCredentials } from './adapter.ts';

const credentials: CloudApiCredentials = {
  phone_number_id: '106540352242922',
  access_token: 'motor-token',
  app_secret: 'motor-secret',
  verify_token: 'motor-verify',
  base_url: 'https://api.motor.example/whatsapp',
};
/** motor is assumed Cloud-API-compatible, so Meta's documented payloads are its fixtures too. */
const metaFixture = (name: string) => fixture(new URL('../meta/x', import.meta.url).href, name);
const success = () =>
  fakeFetch({
    status: 200,
    body: fixtureJson(new URL('../meta/x', import.meta.url).href, 'graph-send-success.json'),
  });
const context = (fetchImpl: ReturnType<typeof fakeFetch>, baseUrl?: string) => ({
  integration,
  credentials,
  baseUrl,
  fetchImpl,
});
const media = (url: string, filename?: string): OutboundMessage => ({
  kind: 'media',
  to: '5585999990001',
  media: { type: 'document', url, filename },
});

async function sendError(message: OutboundMessage, fetchImpl: ReturnType<typeof fakeFetch>) {
  const error = await adapter.send(message, context(fetchImpl)).catch((caught: unknown) => caught);
  if (!(error instanceof ChannelSendError))
    throw new Error(`expected a ChannelSendError, got ${String(error)}`);
  return error;
}

describe('motor (assumed WhatsApp Cloud API compatible at its own base URL)', () => {
  it('requires the integration base URL', () => {
    const { base_url: _omitted, ...withoutBase } = credentials;
    expect(motorCredentials.safeParse(withoutBase).success).toBe(false);
    expect(motorCredentials.safeParse(credentials).success).toBe(true);
  });

  it('verifies the Cloud API signature and refuses a tampered body', () => {
    const rawBody = metaFixture('whatsapp-text.json');
    const signature = metaSignature(rawBody, 'motor-secret');
    expect(
      adapter.verifyWebhook(
        { headers: { 'x-hub-signature-256': signature }, rawBody, query: {} },
        credentials,
      ),
    ).toEqual({ ok: true });
    expect(
      adapter.verifyWebhook(
        { headers: { 'x-hub-signature-256': signature }, rawBody: rawBody.replace('Olá', 'Oi'), query: {} },
        credentials,
      ),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('parses Cloud API messages and statuses', () => {
    const parsed = adapter.parseWebhook(
      metaFixture('whatsapp-statuses.json'),
      integration,
      credentials,
    ) as ParsedWebhook;
    expect(parsed.items.map((item) => item.event.kind === 'status' && item.event.status)).toEqual([
      'read',
      'sent',
      'delivered',
      'failed',
    ]);
  });

  it('sends to {base_url}/{version}/{phone_number_id}/messages, or to the sandbox when the environment says so', async () => {
    const fetchImpl = success();
    await adapter.send({ kind: 'text', to: '5585999990001', text: 'Olá' }, context(fetchImpl));
    expect(fetchImpl.requests[0]).toMatchObject({
      url: 'https://api.motor.example/whatsapp/v21.0/106540352242922/messages',
      headers: { authorization: 'Bearer motor-token' },
    });
    const sandbox = success();
    await adapter.send(
      { kind: 'text', to: '5585999990001', text: 'Olá' },
      context(sandbox, 'http://127.0.0.1:4010/motor'),
    );
    expect(sandbox.requests[0]?.url).toBe('http://127.0.0.1:4010/motor/v21.0/106540352242922/messages');
  });

  it('refuses obj and stl files, by file name or URL, before calling the provider', async () => {
    const fetchImpl = fakeFetch();
    expect(await sendError(media('https://m.example/x?sig=1', 'peca.STL'), fetchImpl)).toMatchObject({
      code: 'unsupported_message',
      retryable: false,
    });
    expect(await sendError(media('https://m.example/modelo.obj?sig=1'), fetchImpl)).toMatchObject({
      code: 'unsupported_message',
    });
    expect(fetchImpl.requests).toEqual([]);
    const ok = success();
    await expect(adapter.send(media('https://m.example/manual.pdf'), context(ok))).resolves.toBeDefined();
  });

  it('maps Cloud API errors the same way (window closed)', async () => {
    const body = fixtureJson(new URL('../meta/x', import.meta.url).href, 'graph-error-reengagement.json');
    expect(
      await sendError({ kind: 'text', to: '1', text: 'x' }, fakeFetch({ status: 400, body })),
    ).toMatchObject({
      code: 'window_closed',
    });
  });
});
