import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { presignMedia } from '@atende/shared/contracts/messages/presign-media';
import { resendMessage } from '@atende/shared/contracts/messages/resend-message';
import { sendCustomerMedia } from '@atende/shared/contracts/messages/send-customer-media';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  setSettings,
} from '../conversations/test-inbox.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { putTemplates } from '../templates/store.ts';
import { replaceChannelSender } from '../outbound/senders.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let frames: { connectionId: string; frame: ServerFrame }[] = [];
let failSends = false;
const sent: MessageView[] = [];
let inbox: Inbox;
let visitors = 0;

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  process.env.S3_ENDPOINT = 'http://127.0.0.1:9';
  process.env.S3_FORCE_PATH_STYLE = 'true';
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  process.env.AWS_REGION ??= 'us-east-1';
  await useTestTables();
  inbox = await createInbox();
  const sender = async (message: MessageView) => {
    if (failSends) throw new Error('provider offline');
    sent.push(message);
    return { providerMessageId: `out-${message._id}` };
  };
  for (const channel of ['widget', 'whatsapp', 'official', 'messenger'] as const)
    replaceChannelSender(channel, sender);
});

beforeEach(() => {
  frames = [];
  sent.length = 0;
  failSends = false;
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    frames.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')),
    });
    return {};
  });
});

/** A customer writes on a channel and the operator takes the conversation; answers its id. */
async function served(overrides: Parameters<typeof inboundText>[1] = {}): Promise<string> {
  const event = inboundText(inbox, {
    externalId: `5585988${String((visitors += 1)).padStart(6, '0')}`,
    ...overrides,
  });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  const id = ref?.conversation as string;
  const taken = await callRoute(conversationsHandler, assignConversation, {
    token: inbox.operator.token,
    params: { id },
  });
  expect(taken.status).toBe(200);
  // Taking it sent the customer the start-of-service notice: part of the setup, not of what a test sends.
  sent.length = 0;
  return id;
}

const text = (message: string, channel = 'widget', extra: Record<string, unknown> = {}) => ({
  sent_by: 'operator',
  message,
  operator: inbox.operator.id,
  channel,
  templateMessage: false,
  ...extra,
});

describe('sending text', () => {
  it('stores the cleaned text, delivers it through the channel and answers the sent message', async () => {
    const chatId = await served();
    const response = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('Olá\u200B, tudo bem?\r\nPosso ajudar'),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      conversation: chatId,
      content: 'Olá, tudo bem?\nPosso ajudar',
      sent_by: 'operator',
      employee: { _id: inbox.operator.id },
      status: 'sent',
    });
    expect(sent.map((message) => message.content)).toEqual(['Olá, tudo bem?\nPosso ajudar']);
  });

  it('stores and sends once a POST repeated with the same client id, answering the same message', async () => {
    const chatId = await served();
    const before = (await getConversation(inbox.companyId, chatId))?.message_seq ?? 0;
    const body = text('Pedido confirmado', 'widget', { client_id: 'temp-0b5c6d2e-retry' });
    const first = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body,
    });
    const second = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body,
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((second.body as MessageView)._id).toBe((first.body as MessageView)._id);
    expect(second.body).toMatchObject({ content: 'Pedido confirmado', status: 'sent' });
    expect(sent.map((message) => message.content)).toEqual(['Pedido confirmado']);
    expect((await getConversation(inbox.companyId, chatId))?.message_seq).toBe(before + 1);
    const other = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('Pedido confirmado', 'widget', { client_id: 'temp-another-send' }),
    });
    expect((other.body as MessageView)._id).not.toBe((first.body as MessageView)._id);
    expect(sent).toHaveLength(2);
  });

  it('heads the text with the operator name only when the company shows it, keeping the stored text', async () => {
    const chatId = await served({ integrationId: inbox.messenger, channel: 'messenger' });
    const send = async (message: string) =>
      (
        await callRoute(handler, sendCustomerMessage, {
          token: inbox.operator.token,
          params: { chatId },
          body: text(message, 'messenger'),
        })
      ).body as MessageView;
    const hidden = await send('Sem nome');
    await setSettings(inbox.companyId, { showOperatorName: { enabled: true } });
    const named = await send('Com nome');
    await setSettings(inbox.companyId, {});
    const name = named.employee?.name ?? '';
    expect(name).not.toBe('');
    expect(named).toMatchObject({ content: 'Com nome', status: 'sent' });
    expect(hidden).toMatchObject({ content: 'Sem nome', status: 'sent' });
    expect(sent.map((message) => message.content)).toEqual(['Sem nome', `${name}:\nCom nome`]);
    // Off, the channel is not even told who answered (the widget would show it above the bubble).
    expect(sent[0]?.employee).toBeUndefined();
    expect(sent[1]?.employee?.name).toBe(name);
  });

  it("resolves the operator's variables as the customer reads them, leaving unknown ones as typed", async () => {
    const chatId = await served();
    const response = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('Olá {{customer_first_name}}, aqui é {{ employee_name }}. Cupom: {{cupom_inexistente}}'),
    });
    expect(response.status).toBe(201);
    const message = response.body as MessageView;
    const name = message.employee?.name ?? '';
    expect(name).not.toBe('');
    expect(message.content).toBe(`Olá Maria, aqui é ${name}. Cupom: {{cupom_inexistente}}`);
    expect(sent.map((item) => item.content)).toEqual([message.content]);
  });

  it('marks a failed delivery, and resends it', async () => {
    const chatId = await served();
    failSends = true;
    const failed = (
      await callRoute(handler, sendCustomerMessage, {
        token: inbox.operator.token,
        params: { chatId },
        body: text('oi'),
      })
    ).body as MessageView;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'send_failed' } });
    failSends = false;
    const resent = await callRoute(handler, resendMessage, {
      token: inbox.operator.token,
      params: { id: failed._id },
    });
    expect(resent.body).toMatchObject({ _id: failed._id, status: 'sent' });
    const again = await callRoute(handler, resendMessage, {
      token: inbox.operator.token,
      params: { id: failed._id },
    });
    expect(again.status).toBe(409);
  });

  it('refuses who does not serve the conversation, and text over the channel limit', async () => {
    const chatId = await served();
    const manager = await callRoute(handler, sendCustomerMessage, {
      token: inbox.manager.token,
      params: { chatId },
      body: text('oi', 'widget', { operator: inbox.manager.id }),
    });
    expect(manager.status).toBe(403);
    expect(manager.body).toMatchObject({ message: ptBR.inbox.notAssignedToYou });
    const impersonating = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('oi', 'widget', { operator: inbox.admin.id }),
    });
    expect(impersonating.status).toBe(403);
    const long = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('a'.repeat(10_001)),
    });
    expect(long.body).toMatchObject({
      message: 'A mensagem ultrapassa o limite de 10000 caracteres deste canal.',
    });
  });

  it('warns when the WhatsApp integration in use is disconnected', async () => {
    const chatId = await served({ integrationId: inbox.whatsapp, channel: 'whatsapp' });
    const response = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('oi', 'whatsapp'),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'Whatsapp: Não é possível enviar mensagens, pois a Comercial está desconectada',
    });
  });

  it('allows only templates on official WhatsApp and Messenger outside the 86400 s window', async () => {
    const old = new Date(Date.now() - 86_401_000).toISOString();
    const official = await served({ integrationId: inbox.official, channel: 'official', sentAt: old });
    const closed = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId: official },
      body: text('oi', 'whatsapp'),
    });
    expect(closed.body).toMatchObject({ message: ptBR.inbox.windowClosed });
    const unapproved = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId: official },
      body: text('boas_vindas', 'whatsapp', { templateMessage: true }),
    });
    expect(unapproved).toMatchObject({
      status: 400,
      body: { field: 'message', message: ptBR.channels.templateNotApproved },
    });
    await putTemplates(inbox.companyId, [
      {
        _id: newObjectId(),
        integration: inbox.official,
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'APPROVED',
        body: 'Olá {{1}}!',
        source: 'manual',
        updated_at: new Date().toISOString(),
      },
    ]);
    const unfilled = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId: official },
      body: text('boas_vindas', 'whatsapp', { templateMessage: true }),
    });
    expect(unfilled).toMatchObject({
      status: 400,
      body: { field: 'template_params.body.0', message: 'Variável {{1}} do texto: preencha um valor.' },
    });
    const template = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId: official },
      body: text('boas_vindas', 'whatsapp', {
        templateMessage: true,
        template_params: { header: [], body: ['Ana'] },
      }),
    });
    expect(template.body).toMatchObject({ status: 'sent', template: true, content: 'Olá Ana!' });
    const messenger = await served({ integrationId: inbox.messenger, channel: 'messenger' });
    const open = await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId: messenger },
      body: text('oi', 'messenger'),
    });
    expect(open.body).toMatchObject({ status: 'sent' });
  });

  it('publishes the new message only to connections of employees who may see it', async () => {
    const chatId = await served();
    const connectAs = async (id: string, role: AuthContext['role'], connectionId: string) =>
      connect(
        { auth: { companyId: inbox.companyId, employeeId: id, role, sessionId: connectionId }, connectionId },
        Date.now(),
      );
    await connectAs(inbox.operator.id, 'operator', 'operator-conn');
    await connectAs(inbox.admin.id, 'admin', 'admin-conn');
    await connectAs(inbox.manager.id, 'manager', 'manager-conn');
    await callRoute(handler, sendCustomerMessage, {
      token: inbox.operator.token,
      params: { chatId },
      body: text('ao vivo'),
    });
    const receivers = frames
      .filter((entry) => entry.frame.event === 'new-message')
      .map((entry) => entry.connectionId)
      .sort();
    expect(receivers).toEqual(['admin-conn', 'manager-conn', 'operator-conn']);
    frames = [];
    await callRoute(conversationsHandler, transferConversation, {
      token: inbox.admin.token,
      params: { id: chatId },
      body: { department: inbox.support },
    });
    frames = [];
    await deliverInbound(
      inboundText(inbox, { externalId: `5585988${String(visitors).padStart(6, '0')}`, text: 'ainda aí?' }),
    );
    const afterTransfer = frames
      .filter((entry) => entry.frame.event === 'new-message')
      .map((entry) => entry.connectionId);
    expect(afterTransfer.sort()).toEqual(['admin-conn', 'manager-conn']);
  });
});

describe('media', () => {
  it("answers the spec's error when path or type is missing", async () => {
    const chatId = await served();
    const response = await callRoute(handler, sendCustomerMedia, {
      token: inbox.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: { file_name: 'foto.png' },
        operator: inbox.operator.id,
        channel: 'widget',
      },
    });
    expect(response.body).toMatchObject({ message: 'Erro ao tentar enviar mensagem.' });
  });

  it('sends an uploaded PDF as a document', async () => {
    const chatId = await served();
    const response = await callRoute(handler, presignMedia, {
      token: inbox.operator.token,
      body: { conversation: chatId, file_name: 'contrato.pdf', mime_type: 'application/pdf', size: 4096 },
    });
    const presigned = response.body as { file_path: string; file_type: string };
    expect(presigned.file_type).toBe('doc');
    const media = await callRoute(handler, sendCustomerMedia, {
      token: inbox.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: { file_name: 'contrato.pdf', file_type: 'doc', file_path: presigned.file_path },
        operator: inbox.operator.id,
        channel: 'widget',
      },
    });
    expect(media.status).toBe(201);
    expect(media.body).toMatchObject({ type: 'doc', media: { file_name: 'contrato.pdf' } });
    const mediaBody = {
      sent_by: 'operator',
      message: { file_name: 'contrato.pdf', file_type: 'doc', file_path: presigned.file_path },
      operator: inbox.operator.id,
      channel: 'widget',
      client_id: 'media-7f1e-retry',
    };
    const once = await callRoute(handler, sendCustomerMedia, {
      token: inbox.operator.token,
      params: { chatId },
      body: mediaBody,
    });
    const twice = await callRoute(handler, sendCustomerMedia, {
      token: inbox.operator.token,
      params: { chatId },
      body: mediaBody,
    });
    expect((twice.body as MessageView)._id).toBe((once.body as MessageView)._id);
    expect(sent.filter((message) => message.type === 'doc')).toHaveLength(2);
  });

  it('presigns a POST whose policy pins the key, type and size, then sends the uploaded file', async () => {
    const chatId = await served();
    const refused = await callRoute(handler, presignMedia, {
      token: inbox.operator.token,
      body: { conversation: chatId, file_name: 'modelo.exe', mime_type: 'video/x-msvideo2', size: 10 },
    });
    expect(refused.body).toMatchObject({ message: 'O tipo do arquivo não é suportado.' });
    const tooBig = await callRoute(handler, presignMedia, {
      token: inbox.operator.token,
      body: { conversation: chatId, file_name: 'foto.png', mime_type: 'image/png', size: 15_728_641 },
    });
    expect(tooBig.body).toMatchObject({ message: 'Você excedeu o limite máximo de 15MB' });
    const response = await callRoute(handler, presignMedia, {
      token: inbox.operator.token,
      body: { conversation: chatId, file_name: 'foto.png', mime_type: 'image/png', size: 2048 },
    });
    const presigned = response.body as {
      fields: Record<string, string>;
      file_path: string;
      file_type: string;
    };
    expect(presigned.file_type).toBe('image');
    const policy = JSON.parse(Buffer.from(presigned.fields.Policy as string, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 15_728_640],
        ['eq', '$Content-Type', 'image/png'],
        { key: presigned.file_path },
      ]),
    );
    const media = await callRoute(handler, sendCustomerMedia, {
      token: inbox.operator.token,
      params: { chatId },
      body: {
        sent_by: 'operator',
        message: { file_name: 'foto.png', file_type: 'image', file_path: presigned.file_path },
        operator: inbox.operator.id,
        channel: 'widget',
      },
    });
    expect(media.body).toMatchObject({
      type: 'image',
      media: { file_path: presigned.file_path },
      status: 'sent',
    });
  });
});
