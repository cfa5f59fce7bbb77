import { randomBytes } from 'node:crypto';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  rotateWebhookSecret,
} from '@atende/shared/contracts/webhook-endpoints/routes';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@atende/shared/contracts/webhook-endpoints/views';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listModalNotifications } from '../account/store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { handler } from './handler.ts';
import { signedHeaders } from './signing.ts';
import { markFailing } from './store.ts';
import { fakeDeliveryQueue, startReceiver } from './test-support.ts';

const drainEvents = domainEventDrain();
let a: Tenant;
let queue: ReturnType<typeof fakeDeliveryQueue>;
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
});

/** A company of its own per test: its endpoints see only that test's events. */
beforeEach(async () => {
  a = await createTenant();
  await drainEvents();
  queue = fakeDeliveryQueue();
});

afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function subscribe(url: string, events = ['contact.created']) {
  const answer = await callRoute(handler, createWebhookEndpoint, {
    token: a.admin.token,
    body: { url, events, description: 'CRM' },
  });
  expect(answer.status).toBe(201);
  return answer.body as { _id: string; secret: string };
}

async function newContact(name: string) {
  const answer = await callRoute(contactsHandler, createContact, {
    token: a.admin.token,
    body: {
      full_name: name,
      cel_phone: `(85) 9${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`,
    },
  });
  expect(answer.status).toBe(201);
  await drainEvents();
}

const deliveries = async (id: string) =>
  (await callRoute(handler, listWebhookDeliveries, { token: a.admin.token, params: { id } })).body as {
    items: WebhookDeliveryView[];
  };

describe('Standard Webhooks signatures', () => {
  it('signs the reference vector exactly as the specification libraries do', () => {
    const headers = signedHeaders(
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      '{"test": 2432232314}',
      ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      new Date(1614265330 * 1000),
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('adds one v1 signature per valid secret, each verifiable on its own', () => {
    const old = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const fresh = `whsec_${randomBytes(24).toString('base64')}`;
    const body = '{"type":"contact.created"}';
    const headers = signedHeaders('msg_1', body, [fresh, old]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [old, fresh]) {
      expect(new Webhook(secret).verify(body, { ...headers })).toEqual({ type: 'contact.created' });
    }
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(body, { ...headers }),
    ).toThrow();
  });
});

describe('delivery', () => {
  it('retries a failing receiver with the same webhook-id until it answers 2xx', async () => {
    receiver = await startReceiver([503, 500, 200]);
    const { _id, secret } = await subscribe(receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await newContact('Cliente Webhook');
    expect(queue.sent).toHaveLength(1);
    await queue.drain({ random: () => 0.5 });

    expect(receiver.calls).toHaveLength(3);
    const ids = receiver.calls.map((call) => call.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    for (const call of receiver.calls) {
      const payload = new Webhook(secret).verify(call.body, call.headers as Record<string, string>) as {
        type: string;
        timestamp: string;
        data: { contact: { full_name: string } };
      };
      expect(payload.type).toBe('contact.created');
      expect(payload.data.contact.full_name).toBe('Cliente Webhook');
      expect(Number.isNaN(Date.parse(payload.timestamp))).toBe(false);
    }
    // The backoff: the first retry after 5 s, the second after 5 min (jitter pinned to the middle).
    expect(queue.sent.map((entry) => entry.delaySeconds)).toEqual([0, 5, 300]);

    const [delivery] = (await deliveries(_id)).items;
    expect(delivery).toMatchObject({
      event: 'contact.created',
      status: 'succeeded',
      attempt: 3,
      status_code: 200,
      message_id: ids[0],
      next_retry_at: null,
    });
    const endpoint = (
      await callRoute(handler, getWebhookEndpoint, { token: a.admin.token, params: { id: _id } })
    ).body as WebhookEndpointView;
    expect(endpoint.failing_since).toBeNull();
  });

  it('does not retry a 4xx other than 429', async () => {
    receiver = await startReceiver([410]);
    const { _id } = await subscribe(receiver.url);
    await newContact('Cliente 410');
    await queue.drain();
    expect(receiver.calls).toHaveLength(1);
    const [delivery] = (await deliveries(_id)).items;
    expect(delivery).toMatchObject({ status: 'failed', attempt: 1, status_code: 410, next_retry_at: null });
  });

  it('retries a 429', async () => {
    receiver = await startReceiver([429, 204]);
    const { _id } = await subscribe(receiver.url);
    await newContact('Cliente 429');
    await queue.drain();
    expect(receiver.calls).toHaveLength(2);
    expect((await deliveries(_id)).items[0]).toMatchObject({ status: 'succeeded', attempt: 2 });
  });

  it.each([
    ['loopback over http', 'http://127.0.0.1:9/hooks'],
    ['loopback by name', 'https://localhost:9/hooks'],
    ['a private network', 'https://10.1.2.3/hooks'],
    ['link-local metadata', 'https://169.254.169.254/latest/meta-data'],
  ])('refuses %s outside the local runtime, at delivery time', async (_label, url) => {
    const { _id } = await subscribe(url);
    await newContact(`Cliente SSRF ${_label}`);
    await queue.drain({ allowLocal: false });
    const [delivery] = (await deliveries(_id)).items;
    expect(delivery?.status).toBe('failed');
    expect(delivery?.error).toMatch(/^URL recusada/);
    expect(queue.sent).toHaveLength(1);
  });

  it('disables an endpoint failing for 24 hours and tells the admins', async () => {
    receiver = await startReceiver([503]);
    const { _id } = await subscribe(receiver.url);
    await markFailing(a.companyId, _id, new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString());
    await newContact('Cliente Desativa');
    await queue.drain();
    expect(receiver.calls).toHaveLength(1);
    const endpoint = (
      await callRoute(handler, getWebhookEndpoint, { token: a.admin.token, params: { id: _id } })
    ).body as WebhookEndpointView;
    expect(endpoint).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    expect((await deliveries(_id)).items[0]).toMatchObject({ status: 'failed', next_retry_at: null });
    const notices = await listModalNotifications(a.companyId, 'professional', 'admin');
    expect(notices.map((notice) => notice.title)).toContain(ptBR.developers.webhooks.disabledTitle);
    expect(notices.find((notice) => notice.message.includes(receiver?.url ?? '-'))).toBeDefined();
  });

  it('keeps signing with the previous secret for 24 hours after a rotation', async () => {
    receiver = await startReceiver([200]);
    const { _id, secret: first } = await subscribe(receiver.url);
    const rotated = await callRoute(handler, rotateWebhookSecret, {
      token: a.admin.token,
      params: { id: _id },
    });
    const second = (rotated.body as { secret: string }).secret;
    expect(second).not.toBe(first);
    await newContact('Cliente Rotação');
    await queue.drain();
    const [call] = receiver.calls;
    for (const secret of [first, second]) {
      expect(() =>
        new Webhook(secret).verify(call?.body ?? '', call?.headers as Record<string, string>),
      ).not.toThrow();
    }
  });
});
