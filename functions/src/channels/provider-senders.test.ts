import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { receiveProviderWebhook } from '@atende/shared/contracts/webhooks/provider-webhook';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as conversations } from '../conversations/handler.ts';
import { findByProviderId, getMessage } from '../conversations/message-store.ts';
import { getIntegration } from '../integrations/store.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { handler as messages } from '../messages/handler.ts';
import { putTemplates } from '../templates/store.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import {
  META_CREDENTIALS,
  callWebhook,
  cloudApiBody,
  consume,
  createProviderIntegration,
  customerText,
  signedByMeta,
  takeEnqueued,
  useWebhookEnvironment,
} from '../webhooks/test-webhooks.ts';
import { fakeFetch, fixtureJson } from './meta/fake-fetch.ts';
import { setProviderFetch } from './providers.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0 })) };
});

const metaFixture = (name: string) => fixtureJson(new URL('./meta/', import.meta.url).href, name);

let tenant: Tenant;
let meta: ProviderIntegrationView;
let customers = 0;

beforeAll(async () => {
  useWebhookEnvironment();
  process.env.S3_ENDPOINT = 'http://127.0.0.1:9';
  process.env.S3_FORCE_PATH_STYLE = 'true';
  await useTestTables();
  tenant = await createTenant();
  meta = await createProviderIntegration(tenant.admin.token, {
    type: 'official',
    provider: 'meta',
    label: 'Oficial',
    ...META_CREDENTIALS,
  });
});

afterEach(() => setProviderFetch());

/** A customer writes through the Meta webhook and the operator takes the conversation. */
async function servedConversation(): Promise<{ chatId: string; phone: string }> {
  const phone = `55859888${String((customers += 1)).padStart(5, '0')}`;
  const wamid = `wamid.IN-${Date.now()}-${customers}`;
  const rawBody = customerText(wamid, phone, 'Olá');
  expect(
    (
      await callWebhook(receiveProviderWebhook, {
        params: { provider: 'meta', integrationId: meta._id },
        rawBody,
        headers: signedByMeta(rawBody),
      })
    ).status,
  ).toBe(200);
  await consume(takeEnqueued());
  const ref = await findByProviderId(tenant.companyId, meta._id, wamid);
  const chatId = ref?.conversation ?? '';
  const taken = await callRoute(conversations, assignConversation, {
    token: tenant.operator.token,
    params: { id: chatId },
  });
  expect(taken.status).toBe(200);
  return { chatId, phone };
}

const send = (chatId: string, message: string, templateMessage = false) =>
  callRoute(messages, sendCustomerMessage, {
    token: tenant.operator.token,
    params: { chatId },
    body: {
      sent_by: 'operator',
      message,
      operator: tenant.operator.id,
      channel: 'whatsapp',
      templateMessage,
    },
  });

const statusBody = (id: string, status: string, recipient: string) =>
  cloudApiBody({
    statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient }],
  });

describe('provider senders', () => {
  it('sends through the Cloud API with the decrypted token; webhook statuses move it forward only', async () => {
    const { chatId, phone } = await servedConversation();
    const fetch = fakeFetch({ status: 200, body: { messages: [{ id: 'wamid.OUT-1' }] } });
    setProviderFetch(fetch);
    const response = await send(chatId, 'Posso ajudar?');
    expect(response.body).toMatchObject({ status: 'sent' });
    expect(fetch.requests[0]).toMatchObject({
      url: `https://graph.facebook.com/v21.0/${META_CREDENTIALS.phone_number_id}/messages`,
      headers: { authorization: `Bearer ${META_CREDENTIALS.access_token}` },
    });
    expect(JSON.parse(fetch.requests[0]?.body ?? '{}')).toMatchObject({
      to: phone,
      type: 'text',
      text: { body: 'Posso ajudar?' },
    });

    for (const status of ['read', 'delivered', 'sent']) {
      const rawBody = statusBody('wamid.OUT-1', status, phone);
      await callWebhook(receiveProviderWebhook, {
        params: { provider: 'meta', integrationId: meta._id },
        rawBody,
        headers: signedByMeta(rawBody),
      });
    }
    const statuses = takeEnqueued();
    expect(statuses.map((event) => event.kind)).toEqual(['status', 'status', 'status']);
    await consume(statuses);
    const ref = await findByProviderId(tenant.companyId, meta._id, 'wamid.OUT-1');
    const stored = await getMessage(tenant.companyId, chatId, ref?.sequence ?? 0);
    expect(stored?.status).toBe('read');
  });

  it('maps a rate limit to a failed, resendable message with the retry hint', async () => {
    const { chatId } = await servedConversation();
    setProviderFetch(fakeFetch({ status: 429, body: metaFixture('graph-error-throughput.json') }));
    const response = await send(chatId, 'Oi de novo');
    const failed = response.body as MessageView;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'rate_limited' } });
    expect(failed.error?.message).toContain(ptBR.channels.sendRetryHint);
  });

  it('sends only APPROVED templates, by name and language', async () => {
    const { chatId, phone } = await servedConversation();
    const template = (name: string, status: 'APPROVED' | 'PENDING') => ({
      _id: newObjectId(),
      integration: meta._id,
      name,
      language: 'pt_BR',
      status,
      body: 'Olá!',
      source: 'provider' as const,
      updated_at: new Date().toISOString(),
    });
    await putTemplates(tenant.companyId, [
      template('aprovado', 'APPROVED'),
      template('em_revisao', 'PENDING'),
    ]);
    const pending = await send(chatId, 'em_revisao', true);
    expect(pending).toMatchObject({ status: 400, body: { message: ptBR.channels.templateNotApproved } });
    const fetch = fakeFetch({ status: 200, body: { messages: [{ id: 'wamid.TPL-1' }] } });
    setProviderFetch(fetch);
    const sent = await send(chatId, 'aprovado', true);
    expect(sent.body).toMatchObject({ status: 'sent', template: true });
    expect(JSON.parse(fetch.requests[0]?.body ?? '{}')).toMatchObject({
      to: phone,
      type: 'template',
      template: { name: 'aprovado', language: { code: 'pt_BR' } },
    });
  });

  it('maps a refused token to auth_failed and marks the integration disconnected', async () => {
    const { chatId } = await servedConversation();
    setProviderFetch(fakeFetch({ status: 401, body: metaFixture('graph-error-token.json') }));
    const response = await send(chatId, 'Oi');
    expect(response.body).toMatchObject({ status: 'failed', error: { code: 'auth_failed' } });
    const record = await getIntegration(tenant.companyId, meta._id);
    expect(record?.type !== 'widget' && record?.connection).toBe(false);
    const events = vi.mocked(publishToRoom).mock.calls.map(([, , event, data]) => ({ event, data }));
    expect(events).toContainEqual({
      event: 'whatsapp-official',
      data: { integration: meta._id, action: 'connection', connection: false },
    });
  });
});
