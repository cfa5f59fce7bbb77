import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import type { KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import { addDocument, createAssistant, createKnowledgeBase } from '@atende/shared/contracts/ai/routes';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import type { FlowDetail, PublishRefusal } from '@atende/shared/contracts/flows/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { handler as flowsHandler } from '../flows/handler.ts';
import { relinkChannel } from '../flows/store.ts';
import { resumeDueWaits } from '../flows/wait-resume.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

let inbox: Inbox;
let other: Tenant;
let assistant: string;
let foreignAssistant: string;
let model: Awaited<ReturnType<typeof startTestModel>>;
const sent: { to: string; text: string }[] = [];
const at = { x: 0, y: 0 };

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  const queue = fakeIngestQueue();
  model = await startTestModel();
  inbox = await createInbox();
  other = await createTenant();
  replaceChannelSender('widget', async (message) => {
    sent.push({ to: message.conversation, text: message.content });
    return { providerMessageId: `widget-out-${message._id}` };
  });
  await plugTestModel(inbox, model.url);
  await plugTestModel(other, model.url);
  const kb = (
    await callRoute(handler, createKnowledgeBase, { token: inbox.admin.token, body: { name: 'Loja' } })
  ).body as KnowledgeBaseView;
  await callRoute(handler, addDocument, {
    token: inbox.admin.token,
    params: { id: kb._id },
    body: { title: 'Entregas', text: 'A entrega para a capital leva dois dias úteis.' },
  });
  await queue.drain();
  const create = async (tenant: Tenant, knowledge: string[]) =>
    (
      (
        await callRoute(handler, createAssistant, {
          token: tenant.admin.token,
          body: { name: 'Lia', knowledge_bases: knowledge },
        })
      ).body as AssistantView
    )._id;
  assistant = await create(inbox, [kb._id]);
  foreignAssistant = await create(other, []);
});
afterAll(() => model.close());
beforeEach(() => {
  sent.length = 0;
});

const aiFlow = (assistantId: string): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: at, data: {} },
    {
      id: 'ai',
      type: 'ai_assistant',
      position: at,
      data: {
        assistant: assistantId,
        text: 'Sou a Lia, pode perguntar.',
        max_turns: 3,
        exit_keywords: ['obrigado'],
        timeout_minutes: 5,
      },
    },
    { id: 'ok', type: 'end', position: at, data: { text: 'Que bom que ajudei!', tabulation: null } },
    { id: 'tr', type: 'handoff', position: at, data: { department: inbox.sales, employee: null } },
    { id: 'to', type: 'end', position: at, data: { text: 'Encerrado por inatividade.', tabulation: null } },
  ],
  edges: [
    { id: 'e0', source: 'start', target: 'ai' },
    { id: 'e1', source: 'ai', target: 'ok', sourceHandle: 'resolved' },
    { id: 'e2', source: 'ai', target: 'tr', sourceHandle: 'transfer' },
    { id: 'e3', source: 'ai', target: 'to', sourceHandle: 'timeout' },
  ],
});

async function publish(graph: FlowGraph) {
  const id = (
    (
      await callRoute(flowsHandler, createFlow, {
        token: inbox.admin.token,
        body: { name: `IA ${Date.now()}` },
      })
    ).body as FlowDetail
  )._id;
  await callRoute(flowsHandler, saveFlowDraft, { token: inbox.admin.token, params: { id }, body: graph });
  return {
    id,
    answer: await callRoute(flowsHandler, publishFlow, { token: inbox.admin.token, params: { id } }),
  };
}

let attached: string | undefined;
async function attachAiFlow() {
  const { id, answer } = await publish(aiFlow(assistant));
  expect(answer.status).toBe(201);
  expect(await relinkChannel(inbox.companyId, inbox.widget, attached, id)).toEqual([]);
  attached = id;
}

async function say(externalId: string, text: string) {
  const event = inboundText(inbox, { externalId, text });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  const conversation = await getConversation(inbox.companyId, ref?.conversation ?? '');
  if (!conversation) throw new Error('no conversation');
  return conversation;
}

const textsTo = (id: string) => sent.filter((item) => item.to === id).map((item) => item.text);

describe('the ai_assistant flow block', () => {
  it('lets the assistant answer with its sources, then hands off through the transfer output', async () => {
    await attachAiFlow();
    const conversation = await say('ai-node-visitor', 'Oi');
    expect(conversation.status).toBe('bot');
    expect(textsTo(conversation._id)).toEqual(['Sou a Lia, pode perguntar.']);
    await say('ai-node-visitor', 'Quantos dias leva a entrega para a capital?');
    expect(textsTo(conversation._id)[1]).toBe(
      'A entrega para a capital leva dois dias úteis.\n\nFonte: Entregas',
    );
    const moved = await say('ai-node-visitor', 'quero falar com um atendente');
    expect(moved).toMatchObject({ status: 'queue', department: inbox.sales });
    expect(textsTo(conversation._id).slice(2)).toEqual([
      ptBR.ai.handoffMessage.pt,
      'Você foi transferido para Vendas.',
      'Aguarde, em breve você será atendido.',
    ]);
    const page = await callRoute(conversationsHandler, listMessages, {
      token: inbox.admin.token,
      params: { id: conversation._id },
      query: {},
    });
    const notes = (page.body as { items: { content: string; flags: string[] }[] }).items
      .filter((message) => message.flags.includes('ai_action'))
      .map((message) => message.content);
    expect(notes).toContain('Assistente transferiu para a fila (cliente pediu um atendente).');
    expect(notes.some((note) => note.startsWith('Assistente respondeu'))).toBe(true);
    expect(textsTo(conversation._id).some((text) => text.startsWith('Assistente'))).toBe(false);
  });

  it('leaves through resolved on an exit keyword, and through timeout when the customer goes quiet', async () => {
    await attachAiFlow();
    const thanked = await say('ai-node-thanks', 'Oi');
    expect((await say('ai-node-thanks', 'Obrigado, era só isso')).status).toBe('closed');
    expect(textsTo(thanked._id)).toContain('Que bom que ajudei!');
    const quiet = await say('ai-node-quiet', 'Oi');
    expect((await resumeDueWaits(new Date(Date.now() + 6 * 60_000))).resumed).toBeGreaterThanOrEqual(1);
    expect(textsTo(quiet._id)).toContain('Encerrado por inatividade.');
    expect(await getConversation(inbox.companyId, quiet._id)).toMatchObject({ status: 'closed' });
  });

  it("refuses to publish a block naming another company's assistant", async () => {
    const { answer } = await publish(aiFlow(foreignAssistant));
    expect(answer.status).toBe(422);
    expect((answer.body as PublishRefusal).problems).toEqual([
      expect.objectContaining({ code: 'missing_assistant', nodeId: 'ai' }),
    ]);
  });
});
