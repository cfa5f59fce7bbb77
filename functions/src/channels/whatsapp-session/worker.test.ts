import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import type { UnofficialIntegrationView } from '@atende/shared/contracts/integrations/views';
import {
  connectWhatsappSession,
  getWhatsappSession,
} from '@atende/shared/contracts/integrations/whatsapp-session';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { readCompanyItem } from '../../company/store.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { handler as conversations } from '../../conversations/handler.ts';
import { findByProviderId, getMessage } from '../../conversations/message-store.ts';
import { handler as integrations } from '../../integrations/handler.ts';
import { publishToRoom } from '../../realtime/publish.ts';
import { handler as messages } from '../../messages/handler.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { consume } from '../../webhooks/test-webhooks.ts';
import { dynamoAuthStore } from './auth-store.ts';
import { FakeWhatsappNetwork } from './fake-peer.ts';
import {
  COMMANDS_URL,
  createUnofficial,
  forgetQueued,
  queuedCommands,
  queuedInbound,
  sessionSqs,
  until,
  useSessionEnvironment,
} from './test-session.ts';
import { SessionWorker } from './worker.ts';

vi.mock('../../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

const BUSINESS = '558530002000';
const CUSTOMER = '5585988887777';

let tenant: Tenant;
let integration: UnofficialIntegrationView;
const network = new FakeWhatsappNetwork();
const workers: SessionWorker[] = [];

const newWorker = () => {
  const worker = new SessionWorker({
    driver: network.driver,
    queueUrl: COMMANDS_URL,
    backoff: { initialMs: 20, maxMs: 100 },
    waitSeconds: 0,
  });
  workers.push(worker);
  return worker;
};

const session = async () =>
  (
    await callRoute(integrations, getWhatsappSession, {
      token: tenant.admin.token,
      params: { id: integration._id },
    })
  ).body as { state: string; qr?: string; phone?: string };

const stateIs = (state: string) => async () => ((await session()).state === state ? true : undefined);

const refreshes = () =>
  vi
    .mocked(publishToRoom)
    .mock.calls.filter(([, , event]) => event === 'refresh-whatsapp')
    .map(([, , , data]) => data as Record<string, unknown>);

/** Hands every queued command to the worker, as its queue poller does. */
async function deliverCommands(worker: SessionWorker) {
  const commands = queuedCommands();
  forgetQueued();
  for (const command of commands) await worker.handle(command);
  return commands;
}

beforeAll(async () => {
  useSessionEnvironment();
  await useTestTables();
  tenant = await createTenant();
  integration = await createUnofficial(tenant.admin.token, 'Comercial');
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
});

describe('whatsapp session worker with the fake peer', () => {
  let worker: SessionWorker;
  let outboundId = '';

  it('shows a QR after connect, and opens when the phone scans it', async () => {
    worker = newWorker();
    await worker.start();
    const asked = await callRoute(integrations, connectWhatsappSession, {
      token: tenant.admin.token,
      params: { id: integration._id },
    });
    expect(asked).toMatchObject({ status: 202, body: { state: 'connecting' } });
    expect(await deliverCommands(worker)).toEqual([
      { kind: 'connect', companyId: tenant.companyId, integrationId: integration._id },
    ]);
    const { qr } = await until(async () => ((await session()).state === 'qr' ? session() : undefined));
    expect(qr).toMatch(/^fake-wa:/);

    vi.mocked(publishToRoom).mockClear();
    await network.scan(qr ?? '', BUSINESS);
    await until(stateIs('open'));
    expect(await session()).toMatchObject({ state: 'open', phone: BUSINESS });
    expect((await session()).qr).toBeUndefined();
    const company = await readCompanyItem(tenant.companyId);
    expect((company.whatsapps as Record<string, unknown>)[`integration-${integration._id}`]).toMatchObject({
      label: 'Comercial',
      phone: BUSINESS,
      connection: true,
      session: 'open',
      type: 'atende',
    });
    expect(refreshes()).toContainEqual(
      expect.objectContaining({
        integration: integration._id,
        connection: true,
        notice: { type: 'success', content: 'Whatsapp: Comercial conectada.', duration: 4 },
      }),
    );
    const list = await callRoute(integrations, listChannelIntegrations, { token: tenant.operator.token });
    expect((list.body as { items: UnofficialIntegrationView[] }).items).toContainEqual(
      expect.objectContaining({
        _id: integration._id,
        type: 'unofficial',
        connection: true,
        phone: BUSINESS,
      }),
    );
  });

  it('hands a customer message to the inbox exactly once even when WhatsApp delivers it twice', async () => {
    forgetQueued();
    network.customerSends({
      to: BUSINESS,
      from: CUSTOMER,
      name: 'Maria',
      text: 'Oi, tudo bem?',
      id: '3EB0DUP1',
    });
    network.customerSends({
      to: BUSINESS,
      from: CUSTOMER,
      name: 'Maria',
      text: 'Oi, tudo bem?',
      id: '3EB0DUP1',
    });
    const [event] = await until(() => (queuedInbound().length > 0 ? queuedInbound() : undefined));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queuedInbound()).toHaveLength(1);
    expect(event).toMatchObject({
      kind: 'message',
      companyId: tenant.companyId,
      integrationId: integration._id,
      channel: 'whatsapp',
      providerMessageId: '3EB0DUP1',
      from: { externalId: CUSTOMER, phone: CUSTOMER, name: 'Maria' },
      text: 'Oi, tudo bem?',
    });
    const result = await consume(queuedInbound());
    expect(result.batchItemFailures).toEqual([]);
    expect(await findByProviderId(tenant.companyId, integration._id, '3EB0DUP1')).toBeDefined();
  });

  it("sends the operator's answer through the session and moves its status forward only", async () => {
    const ref = await findByProviderId(tenant.companyId, integration._id, '3EB0DUP1');
    const chatId = ref?.conversation ?? '';
    const taken = await callRoute(conversations, assignConversation, {
      token: tenant.operator.token,
      params: { id: chatId },
    });
    expect(taken.status).toBe(200);
    forgetQueued();
    const sent = await callRoute(messages, sendCustomerMessage, {
      token: tenant.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: 'Olá Maria, como posso ajudar?',
        operator: tenant.operator.id,
        channel: 'whatsapp',
        templateMessage: false,
      },
    });
    expect(sent.status).toBe(201);
    const [command] = await deliverCommands(worker);
    expect(command).toMatchObject({ kind: 'send', to: CUSTOMER, text: 'Olá Maria, como posso ajudar?' });
    outboundId = command?.kind === 'send' ? command.messageId : '';
    expect(outboundId).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(network.sent(integration._id)).toContainEqual(
      expect.objectContaining({
        id: outboundId,
        from: BUSINESS,
        message: expect.objectContaining({ to: CUSTOMER }),
      }),
    );
    expect(await findByProviderId(tenant.companyId, integration._id, outboundId)).toMatchObject({
      conversation: chatId,
    });

    network.acknowledge(outboundId, 'read');
    network.acknowledge(outboundId, 'delivered');
    await until(() =>
      queuedInbound().some((event) => event.kind === 'status' && event.status === 'read') ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const statuses = queuedInbound().flatMap((event) => (event.kind === 'status' ? [event.status] : []));
    expect(statuses).toEqual(['sent', 'read']);
    await consume(queuedInbound().filter((event) => event.kind === 'status'));
    const outbound = await findByProviderId(tenant.companyId, integration._id, outboundId);
    const stored = await getMessage(tenant.companyId, chatId, outbound?.sequence ?? 0);
    expect(stored?.status).toBe('read');
  });

  it('reconnects with the stored link after the connection drops, with the spec notices', async () => {
    vi.mocked(publishToRoom).mockClear();
    network.dropConnection(integration._id);
    await until(() => (refreshes().some((data) => data.connection === false) ? true : undefined));
    expect(refreshes()).toContainEqual(
      expect.objectContaining({
        state: 'closed',
        notice: { type: 'warning', content: 'Whatsapp: Comercial desconectada.', duration: 10 },
      }),
    );
    await until(() => (refreshes().some((data) => data.state === 'open') ? true : undefined));
    expect(refreshes().map((data) => data.state)).not.toContain('qr');
    expect((await session()).state).toBe('open');
  });

  it('a restarted worker brings the session back from DynamoDB without a new QR', async () => {
    await worker.stop();
    worker = newWorker();
    vi.mocked(publishToRoom).mockClear();
    await worker.start();
    await until(() => (worker.stateOf(integration._id)?.state === 'open' ? true : undefined));
    expect(refreshes().map((data) => data.state)).not.toContain('qr');
    expect(await session()).toMatchObject({ state: 'open', phone: BUSINESS });
  });

  it('forgets the link when the phone unlinks the device', async () => {
    network.unlinkFromPhone(integration._id);
    await until(stateIs('idle'));
    expect(await dynamoAuthStore(tenant.companyId, integration._id).readCreds()).toBeUndefined();
    const company = await readCompanyItem(tenant.companyId);
    expect((company.whatsapps as Record<string, unknown>)[`integration-${integration._id}`]).toMatchObject({
      connection: false,
      session: 'idle',
      phone: '',
    });
  });

  it('reports a send it cannot deliver as a failed status', async () => {
    forgetQueued();
    await worker.handle({
      kind: 'send',
      companyId: tenant.companyId,
      integrationId: integration._id,
      messageId: '3EB0FAILED',
      to: CUSTOMER,
      text: 'não vai',
    });
    expect(queuedInbound()).toEqual([
      expect.objectContaining({ kind: 'status', providerMessageId: '3EB0FAILED', status: 'failed' }),
    ]);
  });
});

describe('whatsapp session worker command queue', () => {
  it('long-polls its queue, runs each command and deletes it', async () => {
    for (const running of workers.splice(0)) await running.stop();
    const other = await createUnofficial(tenant.admin.token, 'Suporte');
    const body = JSON.stringify({ kind: 'connect', companyId: tenant.companyId, integrationId: other._id });
    let served = false;
    sessionSqs.on(ReceiveMessageCommand).callsFake(async () => {
      if (served) return new Promise((resolve) => setTimeout(() => resolve({ Messages: [] }), 20));
      served = true;
      return { Messages: [{ Body: body, ReceiptHandle: 'r-1' }] };
    });
    sessionSqs.on(DeleteMessageCommand).resolves({});
    const worker = newWorker();
    await worker.start();
    await until(() => (worker.stateOf(other._id)?.state === 'qr' ? true : undefined));
    const deleted = sessionSqs.commandCalls(DeleteMessageCommand).map((call) => call.args[0].input);
    expect(deleted).toContainEqual({ QueueUrl: COMMANDS_URL, ReceiptHandle: 'r-1' });
    const receive = sessionSqs.commandCalls(ReceiveMessageCommand)[0]?.args[0].input;
    expect(receive).toMatchObject({ QueueUrl: COMMANDS_URL });
  });
});
