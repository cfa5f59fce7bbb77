import { randomBytes } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type InboundMessage, inboundMessage } from '@atende/shared/channels/inbound';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import {
  confirmMailbox,
  resendMailboxCode,
} from '@atende/shared/contracts/integrations/mailbox-confirmation';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { ingestEmail } from '../channels/email/ingest.ts';
import { findMailbox, mailboxKey } from '../channels/email/mailboxes.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { deliverInbound } from '../conversations/test-inbox.ts';
import { clients, resetClients } from '../lib/clients.ts';
import { config, resetConfig } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { maskCredentials, sealCredentials } from './crypto.ts';
import { handler } from './handler.ts';
import { integrationKeys } from './keys.ts';
import { MAILBOX_CODE } from './mailbox-verification.ts';
import { codeMailedDuring } from './test-mailbox.ts';
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
/** A new integration and the code mailed to its address. */
const pending = async (token: string, label: string, email: string) => {
  let view: ProviderIntegrationView | undefined;
  const code = await codeMailedDuring(email, async () => {
    const response = await create(token, label, email);
    expect(response.status).toBe(201);
    view = response.body as ProviderIntegrationView;
  });
  return { view: view as ProviderIntegrationView, code };
};
const confirm = (token: string, id: string, code: string) =>
  callRoute(handler, confirmMailbox, { token, params: { id }, body: { code } });
const resend = (token: string, id: string) =>
  callRoute(handler, resendMailboxCode, { token, params: { id } });
/** An integration whose address was proven with its code. */
const created = async (token: string, label: string, email: string) => {
  const { view, code } = await pending(token, label, email);
  const response = await confirm(token, view._id, code);
  expect(response.status).toBe(200);
  return response.body as ProviderIntegrationView;
};
const update = (token: string, id: string, body: Record<string, unknown>) =>
  callRoute(handler, updateChannelIntegration, { token, params: { id }, body });
const remove = (token: string, id: string) =>
  callRoute(handler, deleteChannelIntegration, { token, params: { id } });
const claim = async (address: string) =>
  (
    await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: mailboxKey(address), ConsistentRead: true }),
    )
  ).Item;
/** Moves the last code's sending time back, as if the resend wait had passed. */
const codeSentLongAgo = (companyId: string, id: string) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: integrationKeys.item(companyId, id),
      UpdateExpression: 'SET mailbox.pending.sent_at = :long_ago',
      ExpressionAttributeValues: { ':long_ago': new Date(Date.now() - 10 * 60_000).toISOString() },
    }),
  );

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

describe('mailbox confirmation by code', () => {
  it('claims nothing and receives nothing until the code mailed to the address is typed back', async () => {
    const { view, code } = await pending(a.admin.token, 'Suporte', 'Suporte@Loja-A.com');
    expect(view).toMatchObject({
      connection: false,
      mailbox_confirmation: { address: 'suporte@loja-a.com' },
    });
    expect(await claim('suporte@loja-a.com')).toBeUndefined();
    expect(await findMailbox('suporte@loja-a.com')).toBeUndefined();
    const early = await ingestEmail(
      mail('suporte@loja-a.com', 'early@cliente.com.br'),
      ['suporte@loja-a.com'],
      new Date(),
    );
    expect(early).toMatchObject({ integrations: [], enqueued: 0 });

    const wrong = await confirm(a.admin.token, view._id, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'code', message: ptBR.channels.mailboxCodeWrong });
    const malformed = await confirm(a.admin.token, view._id, '12ab');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ field: expect.stringContaining('code') });

    const confirmed = await confirm(a.admin.token, view._id, code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ connection: true });
    expect(confirmed.body).not.toHaveProperty('mailbox_confirmation');
    expect(await claim('suporte@loja-a.com')).toMatchObject({
      companyId: a.companyId,
      integrationId: view._id,
    });
    expect(await findMailbox(' SUPORTE@loja-a.com ')).toMatchObject({ _id: view._id, company: a.companyId });
    const again = await confirm(a.admin.token, view._id, code);
    expect(again.body).toMatchObject({ field: 'code', message: ptBR.channels.mailboxNothingPending });
  });

  it('lets no stranger block the owner: an unconfirmed address is free, and the first to confirm holds it', async () => {
    const stranger = await pending(b.admin.token, 'Roubado', 'vendas@loja-a.com');
    const owner = await created(a.admin.token, 'Vendas', 'vendas@loja-a.com');
    expect(await findMailbox('vendas@loja-a.com')).toMatchObject({ _id: owner._id, company: a.companyId });
    // Even with the code (which only the mailbox's owner receives), the address is now taken.
    const late = await confirm(b.admin.token, stranger.view._id, stranger.code);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ field: 'email', message: ptBR.channels.mailboxTaken });
    expect(await claim('vendas@loja-a.com')).toMatchObject({ companyId: a.companyId });
  });

  it('stops guessing after the attempt limit and renews the code at most once a minute', async () => {
    const { view, code } = await pending(a.admin.token, 'Cobrança', 'cobranca@loja-a.com');
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < MAILBOX_CODE.maxAttempts; attempt += 1) {
      expect((await confirm(a.admin.token, view._id, wrongCode)).status).toBe(400);
    }
    const exhausted = await confirm(a.admin.token, view._id, code);
    expect(exhausted.status).toBe(400);
    expect(exhausted.body).toMatchObject({ field: 'code', message: ptBR.channels.mailboxCodeExpired });

    const tooSoon = await resend(a.admin.token, view._id);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['Retry-After'] ?? tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    await codeSentLongAgo(a.companyId, view._id);
    const renewed = await codeMailedDuring('cobranca@loja-a.com', async () => {
      expect((await resend(a.admin.token, view._id)).status).toBe(200);
    });
    expect((await confirm(a.admin.token, view._id, renewed)).status).toBe(200);
    expect(await findMailbox('cobranca@loja-a.com')).toMatchObject({ _id: view._id });
  });

  it("is another company's 404 and an operator's 403", async () => {
    const { view, code } = await pending(a.admin.token, 'Ouvidoria', 'ouvidoria@loja-a.com');
    expect((await confirm(b.admin.token, view._id, code)).status).toBe(404);
    expect((await resend(b.admin.token, view._id)).status).toBe(404);
    expect((await confirm(a.operator.token, view._id, code)).status).toBe(403);
    expect(await claim('ouvidoria@loja-a.com')).toBeUndefined();
  });
});

describe('mailbox claims of e-mail integrations', () => {
  it('keeps the proven address until a new one is confirmed, then moves the claim and frees the old one', async () => {
    const view = await created(a.admin.token, 'Financeiro', 'financeiro@loja-a.com');
    let moved: Awaited<ReturnType<typeof update>> | undefined;
    const code = await codeMailedDuring('contas@loja-a.com', async () => {
      moved = await update(a.admin.token, view._id, { email: 'contas@loja-a.com' });
    });
    expect(moved?.status).toBe(200);
    expect(moved?.body).toMatchObject({
      connection: true,
      mailbox_confirmation: { address: 'contas@loja-a.com', receiving: 'financeiro@loja-a.com' },
    });
    expect(await findMailbox('financeiro@loja-a.com')).toMatchObject({ _id: view._id });
    expect(await claim('contas@loja-a.com')).toBeUndefined();

    expect((await confirm(a.admin.token, view._id, code)).status).toBe(200);
    expect(await claim('financeiro@loja-a.com')).toBeUndefined();
    expect(await claim('contas@loja-a.com')).toMatchObject({ integrationId: view._id });
    expect(await findMailbox('financeiro@loja-a.com')).toBeUndefined();
    expect(await findMailbox('contas@loja-a.com')).toMatchObject({ _id: view._id });
    await created(b.admin.token, 'Financeiro B', 'financeiro@loja-a.com');
  });

  it('keeps the old address when the new one belongs to another integration', async () => {
    await created(b.admin.token, 'Compras B', 'compras@loja-b.com');
    const view = await created(a.admin.token, 'Compras A', 'compras@loja-a.com');
    const code = await codeMailedDuring('compras@loja-b.com', async () => {
      expect((await update(a.admin.token, view._id, { email: 'compras@loja-b.com' })).status).toBe(200);
    });
    const refused = await confirm(a.admin.token, view._id, code);
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
