import { randomBytes } from 'node:crypto';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '@atende/shared/contracts/webhook-endpoints/routes';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@atende/shared/contracts/webhook-endpoints/views';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { fakeDeliveryQueue, startReceiver } from './test-support.ts';

let a: Tenant;
let b: Tenant;
let queue: ReturnType<typeof fakeDeliveryQueue>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  receiver = await startReceiver([200]);
});

afterAll(() => receiver.close());

beforeEach(() => {
  queue = fakeDeliveryQueue();
});

const create = (tenant: Tenant, body: unknown) =>
  callRoute(handler, createWebhookEndpoint, { token: tenant.admin.token, body });

describe('webhook endpoints API', () => {
  it('creates an endpoint, shows its secret once and never again', async () => {
    const answer = await create(a, { url: receiver.url, events: ['contact.created', 'contact.created'] });
    expect(answer.status).toBe(201);
    const { _id, secret } = answer.body as { _id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const one = await callRoute(handler, getWebhookEndpoint, { token: a.admin.token, params: { id: _id } });
    expect(one.body).toMatchObject({ _id, url: receiver.url, events: ['contact.created'], status: 'active' });
    expect(JSON.stringify(one.body)).not.toContain(secret.slice(6));
    const list = await callRoute(handler, listWebhookEndpoints, { token: a.admin.token });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    expect((list.body as { endpoints: WebhookEndpointView[] }).endpoints.map((e) => e._id)).toContain(_id);
  });

  it('answers 400 naming the field for a bad URL or no events', async () => {
    const badUrl = await create(a, { url: 'ftp://example.com', events: ['contact.created'] });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toMatchObject({ field: 'url' });
    expect((badUrl.body as { message: string }).message).toContain(ptBR.developers.webhooks.urlInvalid);
    const noEvents = await create(a, { url: 'https://example.com/hook', events: [] });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body).toMatchObject({ field: 'events' });
    expect((noEvents.body as { message: string }).message).toContain(ptBR.developers.webhooks.eventsRequired);
    const unknown = await create(a, { url: 'https://example.com/hook', events: ['contact.exploded'] });
    expect(unknown.status).toBe(400);
  });

  it('is for admins only, and for plans with the webhooks feature', async () => {
    const asOperator = await callRoute(handler, listWebhookEndpoints, { token: a.operator.token });
    expect(asOperator.status).toBe(403);
    const asManager = await callRoute(handler, listWebhookEndpoints, { token: a.manager.token });
    expect(asManager.status).toBe(403);
    await setCompany(b.companyId, { rollouts: [ROLLOUTS.planAccessControl], plan_features: [] });
    const withoutFeature = await callRoute(handler, listWebhookEndpoints, { token: b.admin.token });
    expect(withoutFeature.status).toBe(403);
    await setCompany(b.companyId, { rollouts: [], plan_features: [] });
  });

  it('updates, pauses and re-enables an endpoint', async () => {
    const { _id } = (await create(a, { url: receiver.url, events: ['contact.created'] })).body as {
      _id: string;
    };
    const patched = await callRoute(handler, updateWebhookEndpoint, {
      token: a.admin.token,
      params: { id: _id },
      body: { events: ['contact.updated', 'deal.stage_changed'], status: 'disabled' },
    });
    expect(patched.body).toMatchObject({
      events: ['contact.updated', 'deal.stage_changed'],
      status: 'disabled',
      disabled_reason: 'manual',
    });
    const again = await callRoute(handler, updateWebhookEndpoint, {
      token: a.admin.token,
      params: { id: _id },
      body: { status: 'active' },
    });
    expect(again.body).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null });
    const empty = await callRoute(handler, updateWebhookEndpoint, {
      token: a.admin.token,
      params: { id: _id },
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it('sends a test event that lands in the deliveries log, and replays it with the same webhook-id', async () => {
    const { _id } = (await create(a, { url: receiver.url, events: ['contact.created'] })).body as {
      _id: string;
    };
    const sent = await callRoute(handler, testWebhookEndpoint, { token: a.admin.token, params: { id: _id } });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempt: 0 });
    await queue.drain();
    const log = await callRoute(handler, listWebhookDeliveries, {
      token: a.admin.token,
      params: { id: _id },
    });
    const [delivery] = (log.body as { items: WebhookDeliveryView[] }).items;
    expect(delivery).toMatchObject({
      event: 'webhook.test',
      status: 'succeeded',
      attempt: 1,
      status_code: 200,
    });
    expect(delivery?.duration_ms).toBeGreaterThanOrEqual(0);

    const before = receiver.calls.length;
    const replay = await callRoute(handler, replayWebhookDelivery, {
      token: a.admin.token,
      params: { id: _id, deliveryId: delivery?._id ?? '' },
    });
    expect(replay.status).toBe(202);
    await queue.drain();
    expect(receiver.calls.length).toBe(before + 1);
    expect(receiver.calls.at(-1)?.headers['webhook-id']).toBe(delivery?.message_id);
    const after = await callRoute(handler, listWebhookDeliveries, {
      token: a.admin.token,
      params: { id: _id },
    });
    expect((after.body as { items: WebhookDeliveryView[] }).items[0]).toMatchObject({
      status: 'succeeded',
      attempt: 2,
    });
  });

  it('pages the deliveries log newest first', async () => {
    const { _id } = (await create(a, { url: receiver.url, events: ['contact.created'] })).body as {
      _id: string;
    };
    for (let index = 0; index < 3; index += 1) {
      await callRoute(handler, testWebhookEndpoint, { token: a.admin.token, params: { id: _id } });
    }
    const first = await callRoute(handler, listWebhookDeliveries, {
      token: a.admin.token,
      params: { id: _id },
      query: { limit: '2' },
    });
    const page = first.body as { items: WebhookDeliveryView[]; nextCursor: string | null };
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    const second = await callRoute(handler, listWebhookDeliveries, {
      token: a.admin.token,
      params: { id: _id },
      query: { limit: '2', cursor: page.nextCursor ?? '' },
    });
    expect((second.body as { items: WebhookDeliveryView[] }).items).toHaveLength(1);
  });

  it("keeps another company's admin out of every endpoint route", async () => {
    const { _id } = (await create(a, { url: receiver.url, events: ['contact.created'] })).body as {
      _id: string;
    };
    await callRoute(handler, testWebhookEndpoint, { token: a.admin.token, params: { id: _id } });
    const log = await callRoute(handler, listWebhookDeliveries, {
      token: a.admin.token,
      params: { id: _id },
    });
    const deliveryId = (log.body as { items: WebhookDeliveryView[] }).items[0]?._id ?? '';
    const token = b.admin.token;
    const params = { id: _id };
    const answers = await Promise.all([
      callRoute(handler, getWebhookEndpoint, { token, params }),
      callRoute(handler, updateWebhookEndpoint, { token, params, body: { description: 'x' } }),
      callRoute(handler, deleteWebhookEndpoint, { token, params }),
      callRoute(handler, rotateWebhookSecret, { token, params }),
      callRoute(handler, listWebhookDeliveries, { token, params }),
      callRoute(handler, testWebhookEndpoint, { token, params }),
      callRoute(handler, replayWebhookDelivery, { token, params: { id: _id, deliveryId } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const theirs = await callRoute(handler, listWebhookEndpoints, { token });
    expect(JSON.stringify(theirs.body)).not.toContain(_id);
    const mine = await callRoute(handler, getWebhookEndpoint, { token: a.admin.token, params });
    expect(mine.body).toMatchObject({ description: '', status: 'active' });
  });

  it('deletes an endpoint', async () => {
    const { _id } = (await create(a, { url: receiver.url, events: ['contact.created'] })).body as {
      _id: string;
    };
    const removed = await callRoute(handler, deleteWebhookEndpoint, {
      token: a.admin.token,
      params: { id: _id },
    });
    expect(removed.status).toBe(204);
    const gone = await callRoute(handler, getWebhookEndpoint, { token: a.admin.token, params: { id: _id } });
    expect(gone.status).toBe(404);
  });
});
