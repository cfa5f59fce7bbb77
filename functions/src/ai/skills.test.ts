import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import { createAssistant } from '@atende/shared/contracts/ai/routes';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { readContact } from '../contacts/store.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { assistantReply } from './assistant-step.ts';
import { handler } from './handler.ts';
import { aiKeys } from './keys.ts';
import { startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';
import { MAX_TOOL_STEPS } from './tool-loop.ts';

let inbox: Inbox;
let other: Inbox;
let assistant: AssistantView;
let model: Awaited<ReturnType<typeof startTestModel>>;
let vip: TagView;
let rival: TagView;
const sent: { to: string; text: string }[] = [];
const orders: string[] = [];
const orderServer = createServer((request, response) => {
  orders.push(request.url ?? '');
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('Pedido 123: enviado');
});

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  model = await startTestModel();
  await new Promise<void>((resolve) => orderServer.listen(0, '127.0.0.1', resolve));
  inbox = await createInbox();
  other = await createInbox();
  replaceChannelSender('widget', async (message) => {
    sent.push({ to: message.conversation, text: message.content });
    return { providerMessageId: `widget-out-${message._id}` };
  });
  await plugTestModel(inbox, model.url);
  const tag = async (tenant: Inbox, name: string) =>
    (await callRoute(tagsHandler, createTag, { token: tenant.admin.token, body: { name, color: '#f00' } }))
      .body as TagView;
  vip = await tag(inbox, 'VIP');
  rival = await tag(other, 'Rival');
  const { port } = orderServer.address() as AddressInfo;
  const created = await callRoute(handler, createAssistant, {
    token: inbox.admin.token,
    body: {
      name: 'Lia',
      channels: [inbox.widget],
      skills: [
        { kind: 'handoff' },
        { kind: 'lookup_contact' },
        { kind: 'update_contact' },
        { kind: 'add_tag' },
        { kind: 'http', name: 'Consultar pedido', url: `http://127.0.0.1:${port}/pedidos` },
      ],
    },
  });
  expect(created.status).toBe(201);
  assistant = created.body as AssistantView;
});
afterAll(async () => {
  await model.close();
  await new Promise<void>((resolve) => orderServer.close(() => resolve()));
});
beforeEach(() => {
  sent.length = 0;
  orders.length = 0;
  model.calls.length = 0;
  model.override(undefined);
});

async function say(externalId: string, text: string) {
  const event = inboundText(inbox, { externalId, text });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  const conversation = await getConversation(inbox.companyId, ref?.conversation ?? '');
  if (!conversation) throw new Error('no conversation');
  return conversation;
}

async function notes(conversationId: string) {
  const page = await callRoute(conversationsHandler, listMessages, {
    token: inbox.admin.token,
    params: { id: conversationId },
    query: {},
  });
  return (page.body as { items: { content: string; flags: string[] }[] }).items
    .filter((message) => message.flags.includes('ai_action'))
    .map((message) => message.content);
}

const chatCalls = () => model.calls.filter((call) => call.path.endsWith('/chat/completions'));
const toolMessages = () =>
  chatCalls().flatMap((call) => (call.body.messages ?? []).filter((message) => message.role === 'tool'));

describe('assistant skills as model tools', () => {
  it('offers every skill as a tool and runs each call once, auditing it for operators', async () => {
    const conversation = await say('skills-visitor', 'Meu email é ana@exemplo.com, coloque a tag VIP');
    expect(chatCalls()[0]?.body.tools?.map((tool) => tool.function.name)).toEqual([
      'hand_off',
      'lookup_contact',
      'update_contact_field',
      'add_tag',
      'http_consultar_pedido',
    ]);
    // One request that asked for two tools, one that read both results.
    expect(chatCalls()).toHaveLength(2);
    expect(toolMessages().map((message) => JSON.parse(message.content ?? '') as unknown)).toEqual([
      { ok: true, result: { updated: ['email'] } },
      { ok: true, result: { updated: ['tags'] } },
    ]);
    const contact = await readContact(inbox.companyId, conversation.customer._id);
    expect(contact).toMatchObject({ email: 'ana@exemplo.com', tags: [vip._id] });
    expect(sent.map((item) => item.text)[0]).toBe('Pronto: updated: email Pronto: updated: tags');
    expect(await notes(conversation._id)).toEqual(
      expect.arrayContaining([
        'Assistente usou "Atualizar campo do contato": {"field":"email","value":"ana@exemplo.com"}.',
        'Assistente usou "Adicionar tag": {"tag":"VIP"}.',
      ]),
    );
    await say('skills-visitor', 'Quero consultar o pedido 123');
    expect(orders).toEqual([
      `/pedidos?q=${encodeURIComponent('Quero consultar o pedido 123').replace(/%20/g, '+')}`,
    ]);
    expect(sent.at(-1)?.text).toContain('Pronto: Pedido 123: enviado');
  });

  it('runs a side-effecting skill once per customer message when the turn runs again (lost race, redelivery)', async () => {
    const text = 'Quero consultar o pedido 77';
    const event = inboundText(inbox, { externalId: 'skills-replay', text });
    expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
    expect(orders).toHaveLength(1);
    const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
    const conversation = await getConversation(inbox.companyId, ref?.conversation ?? '');
    if (!conversation) throw new Error('no conversation');
    model.calls.length = 0;
    // The same message's turn again, as a redelivery after its session write lost a race would run it.
    const again = await assistantReply(
      inbox.companyId,
      assistant._id,
      text,
      conversation,
      event.providerMessageId,
    );
    expect(orders).toHaveLength(1);
    // The model reads the first run's result, and operators still see the action.
    expect(toolMessages().map((message) => JSON.parse(message.content ?? '') as unknown)).toEqual([
      { ok: true, result: 'Pedido 123: enviado' },
    ]);
    expect(again.reply.actions[0]).toMatch(/^Assistente usou "Consultar pedido"/);
    // A new message asking the same is a new call.
    await assistantReply(inbox.companyId, assistant._id, text, conversation, 'another-message-id');
    expect(orders).toHaveLength(2);
  });

  it('returns a failing tool as an error result to the model, and hands off when the answer has no support', async () => {
    const conversation = await say('skills-missing-tag', 'Coloque a etiqueta Rival');
    expect(toolMessages().map((message) => JSON.parse(message.content ?? '') as unknown)).toEqual([
      { ok: false, error: 'Etiqueta não encontrada: Rival.' },
    ]);
    // Another company's tag of that name was not found, and nothing was tagged with it.
    const contact = await readContact(inbox.companyId, conversation.customer._id);
    expect(contact?.tags ?? []).not.toContain(rival._id);
    expect((await getConversation(inbox.companyId, conversation._id))?.status).toBe('queue');
    expect(await notes(conversation._id)).toContain(
      'Assistente tentou "Adicionar tag" e falhou: Etiqueta não encontrada: Rival..',
    );
  });

  it('stops a model that keeps calling tools after the step limit and hands off', async () => {
    model.override((body) =>
      body.messages
        ? {
            status: 200,
            body: {
              id: 'loop',
              object: 'chat.completion',
              created: 0,
              model: 'fake-chat',
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: null,
                    tool_calls: [
                      {
                        id: `call_${body.messages.length}`,
                        type: 'function',
                        function: { name: 'lookup_contact', arguments: '{}' },
                      },
                    ],
                  },
                  finish_reason: 'tool_calls',
                },
              ],
            },
          }
        : undefined,
    );
    const conversation = await say('skills-loop', 'Quais são meus dados?');
    expect(chatCalls()).toHaveLength(MAX_TOOL_STEPS + 1);
    expect(toolMessages().length).toBe((MAX_TOOL_STEPS * (MAX_TOOL_STEPS + 1)) / 2);
    expect((await getConversation(inbox.companyId, conversation._id))?.status).toBe('queue');
    expect(sent.map((item) => item.text)).toContain(ptBR.ai.handoffMessage.pt);
    expect(await notes(conversation._id)).toContain(
      `Assistente atingiu o limite de ${MAX_TOOL_STEPS} rodadas de ferramentas sem responder.`,
    );
  });

  it('hands off through the hand_off tool, and refuses an HTTP skill that now points at a private address', async () => {
    const handed = await say('skills-manager', 'Quero falar com o gerente');
    expect((await getConversation(inbox.companyId, handed._id))?.status).toBe('queue');
    expect(await notes(handed._id)).toContain(
      'Assistente transferiu para a fila (o assistente decidiu transferir).',
    );
    // Saved when its host was public; the address is checked again at each call.
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: {
          ...aiKeys.assistant(inbox.companyId, assistant._id),
          ...assistant,
          skills: [
            {
              kind: 'http',
              name: 'Consultar pedido',
              description: '',
              method: 'GET',
              url: 'http://10.1.2.3/pedidos',
            },
          ],
        },
      }),
    );
    model.calls.length = 0;
    const refused = await say('skills-private', 'Quero consultar o pedido 9');
    expect(toolMessages().map((message) => JSON.parse(message.content ?? '') as unknown)).toEqual([
      { ok: false, error: ptBR.ai.skillErrors.unsafeUrl },
    ]);
    expect((await getConversation(inbox.companyId, refused._id))?.status).toBe('queue');
  });
});
