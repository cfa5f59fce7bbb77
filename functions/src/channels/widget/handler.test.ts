import type { InboundEvent } from '@atende/shared/channels/inbound';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { createWidgetSession } from '@atende/shared/contracts/widget/create-widget-session';
import { getWidgetConfig } from '@atende/shared/contracts/widget/get-widget-config';
import { listWidgetMessages } from '@atende/shared/contracts/widget/list-widget-messages';
import { postWidgetMessage } from '@atende/shared/contracts/widget/post-widget-message';
import type { WidgetMessagesPage, WidgetSession } from '@atende/shared/contracts/widget/views';
import { inboundEvent } from '@atende/shared/channels/inbound';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { handler as integrationsHandler } from '../../integrations/handler.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { WIDGET_LIMITS } from './rate-limit.ts';
import { createWidgetHandler } from './routes.ts';

let enqueued: InboundEvent[] = [];
const handler = createWidgetHandler({
  enqueue: async (event) => {
    enqueued.push(inboundEvent.parse(event));
  },
});

let tenant: Tenant;
let other: Tenant;
let widgetA: IntegrationView;
let widgetB: IntegrationView;
let addressCounter = 0;
const freshAddress = () => `198.51.100.${(addressCounter += 1)}`;

async function createWidget(owner: Tenant, label: string, extra: Record<string, unknown> = {}) {
  const response = await callRoute(integrationsHandler, createChannelIntegration, {
    token: owner.admin.token,
    body: { type: 'widget', label, ...extra },
  });
  return response.body as IntegrationView;
}

async function startSession(widgetId: string, body: Record<string, unknown> = {}, sourceIp = freshAddress()) {
  const response = await callRoute(handler, createWidgetSession, { params: { widgetId }, body, sourceIp });
  expect(response.status).toBe(201);
  return response.body as WidgetSession;
}

const post = (widgetId: string, token: string | undefined, body: unknown) =>
  callRoute(handler, postWidgetMessage, { params: { widgetId }, body, ...(token ? { token } : {}) });

const history = (widgetId: string, token: string | undefined, query: Record<string, string> = {}) =>
  callRoute(handler, listWidgetMessages, { params: { widgetId }, query, ...(token ? { token } : {}) });

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  widgetA = await createWidget(tenant, 'Site A', { color: '#ff6600', greeting: 'Oi! Em que posso ajudar?' });
  widgetB = await createWidget(other, 'Site B');
});

beforeEach(() => {
  enqueued = [];
});

describe('GET /api/widget/{widgetId}/config', () => {
  it('answers the label, colour and greeting of the widget, with no token', async () => {
    const response = await callRoute(handler, getWidgetConfig, { params: { widgetId: widgetA._id } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      widgetId: widgetA._id,
      label: 'Site A',
      color: '#ff6600',
      greeting: 'Oi! Em que posso ajudar?',
    });
  });

  it('answers 404 for an unknown widget and for a deleted one, even right after one of its messages', async () => {
    expect((await callRoute(handler, getWidgetConfig, { params: { widgetId: newObjectId() } })).status).toBe(
      404,
    );
    const doomed = await createWidget(tenant, 'Apagado');
    const session = await startSession(doomed._id);
    // A message before the delete: the widget the message route keeps a few seconds must be dropped with it.
    expect((await post(doomed._id, session.token, { id: 'msg-00000000', text: 'oi' })).status).toBe(202);
    enqueued = [];
    await callRoute(integrationsHandler, deleteChannelIntegration, {
      token: tenant.admin.token,
      params: { id: doomed._id },
    });
    expect((await callRoute(handler, getWidgetConfig, { params: { widgetId: doomed._id } })).status).toBe(
      404,
    );
    const sessionAfter = await callRoute(handler, createWidgetSession, {
      params: { widgetId: doomed._id },
      body: {},
    });
    expect(sessionAfter.status).toBe(404);
    expect((await post(doomed._id, session.token, { id: 'msg-00000001', text: 'oi' })).status).toBe(404);
    expect(enqueued).toEqual([]);
  });
});

describe('POST /api/widget/{widgetId}/messages', () => {
  it('turns a visitor message into an InboundEvent of the widget company and keeps it in the history', async () => {
    const session = await startSession(widgetA._id, { name: 'Maria Visitante', email: 'maria@example.com' });
    const response = await post(widgetA._id, session.token, {
      id: 'client-msg-0001',
      text: '  Olá, preciso de ajuda  ',
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ id: 'client-msg-0001' });
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]).toMatchObject({
      kind: 'message',
      companyId: tenant.companyId,
      integrationId: widgetA._id,
      channel: 'widget',
      providerMessageId: `${session.visitorId}:client-msg-0001`,
      from: { externalId: session.visitorId, name: 'Maria Visitante', email: 'maria@example.com' },
      text: 'Olá, preciso de ajuda',
    });

    const page = (await history(widgetA._id, session.token)).body as WidgetMessagesPage;
    expect(page.items).toEqual([
      {
        id: 'client-msg-0001',
        sender: 'customer',
        text: 'Olá, preciso de ajuda',
        created_at: expect.any(String),
      },
    ]);
  });

  it('records a retried post once and hands the same providerMessageId to the engine', async () => {
    const session = await startSession(widgetA._id);
    const body = { id: 'retry-0000001', text: 'mensagem repetida' };
    expect((await post(widgetA._id, session.token, body)).status).toBe(202);
    expect((await post(widgetA._id, session.token, body)).status).toBe(202);
    expect(enqueued[0]).toMatchObject({ from: { externalId: session.visitorId, name: 'Visitante do site' } });
    const ids = new Set(enqueued.map((event) => event.providerMessageId));
    expect(ids).toEqual(new Set([`${session.visitorId}:retry-0000001`]));
    const page = (await history(widgetA._id, session.token)).body as WidgetMessagesPage;
    expect(page.items.map((item) => item.id)).toEqual(['retry-0000001']);
  });

  it('requires a visitor token of this widget: none, an employee token or a forged one is a 401', async () => {
    const body = { id: 'no-token-0001', text: 'oi' };
    expect((await post(widgetA._id, undefined, body)).status).toBe(401);
    expect((await post(widgetA._id, tenant.admin.token, body)).status).toBe(401);
    expect((await post(widgetA._id, 'not.a.jwt', body)).status).toBe(401);
    expect(enqueued).toEqual([]);
  });

  it("keeps a visitor of widget A out of widget B (another company's) in both directions", async () => {
    const visitorA = await startSession(widgetA._id);
    await post(widgetA._id, visitorA.token, { id: 'a-message-001', text: 'segredo de A' });
    enqueued = [];
    expect((await history(widgetB._id, visitorA.token)).status).toBe(401);
    expect((await post(widgetB._id, visitorA.token, { id: 'a-message-002', text: 'oi B' })).status).toBe(401);
    expect(enqueued).toEqual([]);

    const visitorB = await startSession(widgetB._id);
    expect((await history(widgetA._id, visitorB.token)).status).toBe(401);
    const ownB = (await history(widgetB._id, visitorB.token)).body as WidgetMessagesPage;
    expect(ownB.items).toEqual([]);
  });

  it('keeps two visitors of the same widget apart', async () => {
    const first = await startSession(widgetA._id);
    const second = await startSession(widgetA._id);
    await post(widgetA._id, first.token, { id: 'first-000001', text: 'sou o primeiro' });
    const page = (await history(widgetA._id, second.token)).body as WidgetMessagesPage;
    expect(page.items).toEqual([]);
  });

  it('answers 400 for an empty text or a malformed client id, enqueuing nothing', async () => {
    const session = await startSession(widgetA._id);
    expect((await post(widgetA._id, session.token, { id: 'valid-id-0001', text: '   ' })).status).toBe(400);
    expect((await post(widgetA._id, session.token, { id: 'x', text: 'oi' })).status).toBe(400);
    expect(enqueued).toEqual([]);
  });

  it('limits messages per visitor with a 429 and retry-after, and lets them through in the next window', async () => {
    let now = new Date('2026-11-21T10:00:05.000Z');
    const clocked = createWidgetHandler({
      enqueue: async (event) => void enqueued.push(event),
      now: () => now,
    });
    const session = await startSession(widgetA._id);
    const send = (id: string) =>
      callRoute(clocked, postWidgetMessage, {
        params: { widgetId: widgetA._id },
        body: { id, text: 'oi' },
        token: session.token,
        sourceIp: freshAddress(),
      });
    const { limit } = WIDGET_LIMITS.messagesPerVisitor;
    for (let index = 0; index < limit; index += 1) {
      expect((await send(`burst-${String(index).padStart(4, '0')}`)).status).toBe(202);
    }
    const over = await send('burst-over-1');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('55');
    expect(enqueued).toHaveLength(limit);
    now = new Date('2026-11-21T10:01:00.000Z');
    expect((await send('burst-next-1')).status).toBe(202);
  });
});

describe('POST /api/widget/{widgetId}/sessions', () => {
  it("keeps the visitor's landing page and UTM parameters and hands them on with each message", async () => {
    const origin = {
      page: 'https://loja.example.com/promocao',
      utm: { source: 'google', medium: 'cpc', campaign: 'black-friday' },
    };
    const session = await startSession(widgetA._id, { origin });
    expect((await post(widgetA._id, session.token, { id: 'origin-msg-0001', text: 'Oi' })).status).toBe(202);
    expect(enqueued[0]?.kind === 'message' && enqueued[0].from.origin).toEqual(origin);
    const plain = await startSession(widgetA._id);
    expect((await post(widgetA._id, plain.token, { id: 'origin-msg-0002', text: 'Oi' })).status).toBe(202);
    expect(enqueued[1]?.kind === 'message' && enqueued[1].from).not.toHaveProperty('origin');
  });

  it('refuses an origin detail that is too long or names an unknown UTM field', async () => {
    const open = (origin: unknown) =>
      callRoute(handler, createWidgetSession, {
        params: { widgetId: widgetA._id },
        body: { origin },
        sourceIp: freshAddress(),
      });
    expect((await open({ page: `https://a.example/${'x'.repeat(400)}` })).status).toBe(400);
    expect((await open({ utm: { gclid: 'abc' } })).status).toBe(400);
  });

  it('limits new visitors per client address, not across addresses', async () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    const clocked = createWidgetHandler({ enqueue: async () => undefined, now: () => now });
    const address = freshAddress();
    const open = (sourceIp: string) =>
      callRoute(clocked, createWidgetSession, { params: { widgetId: widgetA._id }, body: {}, sourceIp });
    const { limit } = WIDGET_LIMITS.sessionsPerAddress;
    for (let index = 0; index < limit; index += 1) expect((await open(address)).status).toBe(201);
    const over = await open(address);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: expect.stringContaining('Aguarde') });
    expect((await open(freshAddress())).status).toBe(201);
  });
});

describe('GET /api/widget/{widgetId}/messages', () => {
  it('pages the history newest first with a cursor', async () => {
    const session = await startSession(widgetA._id);
    for (const index of [1, 2, 3]) {
      await post(widgetA._id, session.token, { id: `page-msg-000${index}`, text: `mensagem ${index}` });
    }
    const first = (await history(widgetA._id, session.token, { limit: '2' })).body as WidgetMessagesPage;
    expect(first.items.map((item) => item.text)).toEqual(['mensagem 3', 'mensagem 2']);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await history(widgetA._id, session.token, { limit: '2', cursor: first.nextCursor as string })
    ).body as WidgetMessagesPage;
    expect(second.items.map((item) => item.text)).toEqual(['mensagem 1']);
  });
});
