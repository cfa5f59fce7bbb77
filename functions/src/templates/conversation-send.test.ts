import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { resendMessage } from '@atende/shared/contracts/messages/resend-message';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { receiveProviderWebhook } from '@atende/shared/contracts/webhooks/provider-webhook';
import { newObjectId } from '@atende/shared/domain/object-id';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { fakeFetch } from '../channels/meta/fake-fetch.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as conversations } from '../conversations/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { handler as messages } from '../messages/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import {
  META_CREDENTIALS,
  callWebhook,
  consume,
  createProviderIntegration,
  customerText,
  signedByMeta,
  takeEnqueued,
  useWebhookEnvironment,
} from '../webhooks/test-webhooks.ts';
import { putTemplates } from './store.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0 })) };
});

let tenant: Tenant;
let other: Tenant;
let meta: ProviderIntegrationView;

beforeAll(async () => {
  useWebhookEnvironment();
  process.env.S3_ENDPOINT = 'http://127.0.0.1:9';
  process.env.S3_FORCE_PATH_STYLE = 'true';
  await useTestTables();
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  meta = await createProviderIntegration(tenant.admin.token, {
    type: 'official',
    provider: 'meta',
    label: 'Oficial',
    ...META_CREDENTIALS,
  });
  await putTemplates(tenant.companyId, [
    {
      _id: newObjectId(),
      integration: meta._id,
      name: 'pedido_enviado',
      language: 'pt_BR',
      status: 'APPROVED',
      header: 'Pedido {{1}}',
      body: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.',
      source: 'provider',
      updated_at: new Date().toISOString(),
    },
  ]);
});

afterEach(() => setProviderFetch());

/** A customer (named in the webhook's contact profile) writes, and the operator takes the conversation. */
async function served(): Promise<{ chatId: string; phone: string }> {
  const phone = `5585977${String(Date.now()).slice(-6)}`;
  const wamid = `wamid.TPL-IN-${Date.now()}`;
  const rawBody = customerText(wamid, phone, 'Oi');
  await callWebhook(receiveProviderWebhook, {
    params: { provider: 'meta', integrationId: meta._id },
    rawBody,
    headers: signedByMeta(rawBody),
  });
  await consume(takeEnqueued());
  const chatId = (await findByProviderId(tenant.companyId, meta._id, wamid))?.conversation ?? '';
  const taken = await callRoute(conversations, assignConversation, {
    token: tenant.operator.token,
    params: { id: chatId },
  });
  expect(taken.status).toBe(200);
  return { chatId, phone };
}

const sendTemplate = (
  member: Tenant['operator'],
  chatId: string,
  params?: { header: string[]; body: string[] },
) =>
  callRoute(messages, sendCustomerMessage, {
    token: member.token,
    params: { chatId },
    body: {
      sent_by: 'operator',
      message: 'pedido_enviado',
      operator: member.id,
      channel: 'whatsapp',
      templateMessage: true,
      ...(params ? { template_params: params } : {}),
    },
  });

describe('sending a template with parameters from the conversation', () => {
  it('refuses a missing or invalid parameter with a 400 naming it, and sends nothing', async () => {
    const { chatId } = await served();
    const fetch = fakeFetch({ status: 200, body: { messages: [{ id: 'wamid.never' }] } });
    setProviderFetch(fetch);
    expect(await sendTemplate(tenant.operator, chatId)).toMatchObject({
      status: 400,
      body: { field: 'template_params.header.0', message: 'Variável {{1}} do cabeçalho: preencha um valor.' },
    });
    expect(
      await sendTemplate(tenant.operator, chatId, { header: ['42'], body: ['Ana', 'linha\nquebrada'] }),
    ).toMatchObject({
      status: 400,
      body: {
        field: 'template_params.body.1',
        message: 'Variável {{2}} do texto: não pode ter quebras de linha nem tabulações.',
      },
    });
    expect(
      await sendTemplate(tenant.operator, chatId, { header: ['42'], body: ['{{custom.inexistente}}', '42'] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Variável {{1}} do texto: há uma variável sem valor para este contato.' },
    });
    expect(fetch.requests).toHaveLength(0);
  });

  it('sends the header and body parameters to the Cloud API, contact fields resolved, and resends the same', async () => {
    const { chatId, phone } = await served();
    const fetch = fakeFetch({ status: 200, body: { messages: [{ id: 'wamid.TPL-OUT' }] } });
    setProviderFetch(fetch);
    const response = await sendTemplate(tenant.operator, chatId, {
      header: ['A-42'],
      body: ['{{customer_first_name}}', 'A-42'],
    });
    const stored = response.body as MessageView;
    expect(stored).toMatchObject({ status: 'sent', template: true, template_name: 'pedido_enviado' });
    const name = stored.template_params?.body[0] ?? '';
    expect(name).not.toMatch(/\{\{/);
    expect(name.length).toBeGreaterThan(0);
    expect(stored.content).toBe(`Pedido A-42\n\nOlá ${name}, seu pedido A-42 saiu para entrega.`);
    const request = JSON.parse(fetch.requests[0]?.body ?? '{}');
    expect(request).toMatchObject({
      to: phone,
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'A-42' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: name },
              { type: 'text', text: 'A-42' },
            ],
          },
        ],
      },
    });

    setProviderFetch(fakeFetch({ status: 429, body: { error: { code: 130429, message: 'limit' } } }));
    const failed = await sendTemplate(tenant.operator, chatId, { header: ['B'], body: ['Ana', 'B'] });
    expect(failed.body).toMatchObject({ status: 'failed' });
    const retry = fakeFetch({ status: 200, body: { messages: [{ id: 'wamid.TPL-RESENT' }] } });
    setProviderFetch(retry);
    const resent = await callRoute(messages, resendMessage, {
      token: tenant.operator.token,
      params: { id: (failed.body as MessageView)._id },
    });
    expect(resent.body).toMatchObject({ status: 'sent' });
    expect(JSON.parse(retry.requests[0]?.body ?? '{}').template.components[1].parameters).toEqual([
      { type: 'text', text: 'Ana' },
      { type: 'text', text: 'B' },
    ]);
  });

  it("gives another company's operator nothing of this conversation", async () => {
    const { chatId } = await served();
    const fetch = fakeFetch({ status: 200, body: { messages: [{ id: 'wamid.never' }] } });
    setProviderFetch(fetch);
    const response = await sendTemplate(other.operator, chatId, { header: ['1'], body: ['a', 'b'] });
    expect([403, 404]).toContain(response.status);
    expect(fetch.requests).toHaveLength(0);
  });
});
