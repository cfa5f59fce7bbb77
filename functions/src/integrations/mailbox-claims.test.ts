import { randomBytes } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type InboundMessage, inboundMessage } from '@atende/shared/channels/inbound';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import type { IntegrationView, ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { ingestEmail } from '../channels/email/ingest.ts';
import { findMailbox, mailboxKey } from '../channels/email/mailboxes.ts';
import { readCompanyItem } from '../company/store.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { deliverInbound } from '../conversations/test-inbox.ts';
import { clients, resetClients } from '../lib/clients.ts';
import { config, resetConfig } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { maskCredentials, sealCredentials } from './crypto.ts';
import { handler } from './handler.ts';
import type { ProviderIntegrationRecord } from './records.ts';
import { integrationPuts } from './store.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    publishToRoom: vi.fn(async () => ({ delivered: 0 })),
    publishToEmployee: vi.fn(async () => ({ delivered: 0 })),
  };
});

const sqs = mockClient(SQSClient);
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.publicBaseUrl] = 'https://app.example.com';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  process.env[ENV.queueUrls] = JSON.stringify({ inbound: 'http://queue.local/inbound.fifo' });
  await useTestTables();
  resetConfig();
  resetClients();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

beforeEach(() => {
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
});

const create = (token: string, label: string, email: string) =>
  callRoute(handler, createChannelIntegration, { token, body: { type: 'email', label, email } });
const created = async (token: string, label: string, email: string) => {
  const response = await create(token, label, email);
  expect(response.status).toBe(201);
  return response.body as ProviderIntegrationView;
};
const update = (token: string, id: string, body: Record<string, unknown>) =>
  callRoute(handler, updateChannelIntegration, { token, params: { id }, body });
const remove = (token: string, id: string) =>
  callRoute(handler, deleteChannelIntegration, { token, params: { id } });
const list = async (token: string) =>
  ((await callRoute(handler, listChannelIntegrations, { token })).body as { items: IntegrationView[] }).items;
const claim = async (address: string) =>
  (
    await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: mailboxKey(address), ConsistentRead: true }),
    )
  ).Item;

const mail = (to: string, messageId: string) =>
  Buffer.from(
    [
      'From: Ana Lima <ana.lima@cliente.com.br>',
      `To: ${to}`,
      'Subject: Pedido atrasado',
      `Message-ID: <${messageId}>`,
      'Date: Fri, 21 Nov 2025 10:02:05 -0300',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      'Meu pedido ainda não chegou.',
      '',
    ].join('\r\n'),
  );

const enqueued = (): InboundMessage[] =>
  sqs
    .commandCalls(SendMessageCommand)
    .map((call) => inboundMessage.parse(JSON.parse(call.args[0].input.MessageBody ?? '{}')));

describe('mailbox claims of e-mail integrations', () => {
  it('claims the address with the integration, so inbound mail finds it by one read', async () => {
    const view = await created(a.admin.token, 'Suporte', 'Suporte@Loja-A.com');
    expect(await claim('suporte@loja-a.com')).toMatchObject({
      companyId: a.companyId,
      integrationId: view._id,
    });
    expect(await findMailbox(' SUPORTE@loja-a.com ')).toMatchObject({ _id: view._id, company: a.companyId });
  });

  it("refuses another company's integration on a claimed address with a 409 on email, storing nothing", async () => {
    await created(a.admin.token, 'Vendas', 'vendas@loja-a.com');
    const before = await readCompanyItem(b.companyId);
    const response = await create(b.admin.token, 'Roubado', 'VENDAS@loja-a.com');
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ field: 'email', message: ptBR.channels.mailboxTaken });
    expect(await list(b.admin.token)).toEqual([]);
    expect((await readCompanyItem(b.companyId)).emails).toEqual(before.emails);
    expect(await claim('vendas@loja-a.com')).toMatchObject({ companyId: a.companyId });
  });

  it('moves the claim when the address changes and frees the old one for anyone', async () => {
    const view = await created(a.admin.token, 'Financeiro', 'financeiro@loja-a.com');
    const moved = await update(a.admin.token, view._id, { email: 'contas@loja-a.com' });
    expect(moved.status).toBe(200);
    expect(await claim('financeiro@loja-a.com')).toBeUndefined();
    expect(await claim('contas@loja-a.com')).toMatchObject({ integrationId: view._id });
    expect(await findMailbox('financeiro@loja-a.com')).toBeUndefined();
    expect(await findMailbox('contas@loja-a.com')).toMatchObject({ _id: view._id });
    await created(b.admin.token, 'Financeiro B', 'financeiro@loja-a.com');
  });

  it('keeps the old address when the new one belongs to another integration', async () => {
    await created(b.admin.token, 'Compras B', 'compras@loja-b.com');
    const view = await created(a.admin.token, 'Compras A', 'compras@loja-a.com');
    const refused = await update(a.admin.token, view._id, { email: 'compras@loja-b.com' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'email' });
    expect(await findMailbox('compras@loja-a.com')).toMatchObject({ _id: view._id });
    expect(await claim('compras@loja-b.com')).toMatchObject({ companyId: b.companyId });
  });

  it('releases the claim when the integration is removed', async () => {
    const view = await created(a.admin.token, 'Temporário', 'temp@loja-a.com');
    expect((await remove(a.admin.token, view._id)).status).toBe(204);
    expect(await claim('temp@loja-a.com')).toBeUndefined();
    expect(await findMailbox('temp@loja-a.com')).toBeUndefined();
    await created(b.admin.token, 'Temporário B', 'temp@loja-a.com');
  });

  it('finds no integration stored without a claim (no scan) until it is saved again', async () => {
    const _id = newObjectId();
    const credentials = { email: 'antigo@loja-a.com' };
    const legacy: ProviderIntegrationRecord = {
      _id,
      company: a.companyId,
      type: 'email',
      provider: 'email',
      label: 'Antigo',
      created_at: new Date().toISOString(),
      created_by: a.admin.id,
      credentials: sealCredentials(credentials, _id),
      masked: maskCredentials(credentials),
      connection: true,
    };
    await clients().document.send(new TransactWriteCommand({ TransactItems: integrationPuts(legacy) }));
    expect(await findMailbox('antigo@loja-a.com')).toBeUndefined();
    expect((await update(a.admin.token, _id, { label: 'Antigo (migrado)' })).status).toBe(200);
    expect(await findMailbox('antigo@loja-a.com')).toMatchObject({ _id, label: 'Antigo (migrado)' });
  });

  it("delivers each company's mail into its own conversations only", async () => {
    const mineA = await created(a.admin.token, 'Atendimento A', 'atendimento@loja-a.com');
    const mineB = await created(b.admin.token, 'Atendimento B', 'atendimento@loja-b.com');
    const result = await ingestEmail(
      mail('atendimento@loja-b.com', 'only-b@cliente.com.br'),
      ['atendimento@loja-b.com'],
      new Date(),
    );
    expect(result).toMatchObject({ integrations: [mineB._id], enqueued: 1 });
    const events = enqueued();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ companyId: b.companyId, integrationId: mineB._id });
    await deliverInbound(...events);
    const id = '<only-b@cliente.com.br>';
    expect(await findByProviderId(b.companyId, mineB._id, id)).toBeDefined();
    expect(await findByProviderId(a.companyId, mineA._id, id)).toBeUndefined();
    expect(await findByProviderId(a.companyId, mineB._id, id)).toBeUndefined();
  });
});
