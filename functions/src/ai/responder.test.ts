import type { KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import type { CopilotView } from '@atende/shared/contracts/ai/assistant-views';
import {
  addDocument,
  copilotSuggest,
  createAssistant,
  createKnowledgeBase,
} from '@atende/shared/contracts/ai/routes';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

let inbox: Inbox;
let other: Tenant;
let model: Awaited<ReturnType<typeof startTestModel>>;
const sent: { to: string; text: string }[] = [];

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
  const kb = (
    await callRoute(handler, createKnowledgeBase, { token: inbox.admin.token, body: { name: 'Loja' } })
  ).body as KnowledgeBaseView;
  await callRoute(handler, addDocument, {
    token: inbox.admin.token,
    params: { id: kb._id },
    body: {
      title: 'Horário de funcionamento',
      text: 'A loja abre de segunda a sábado, das 9h às 20h. Aos domingos a loja fica fechada.',
    },
  });
  await queue.drain();
  const created = await callRoute(handler, createAssistant, {
    token: inbox.admin.token,
    body: {
      name: 'Lia',
      knowledge_bases: [kb._id],
      channels: [inbox.widget],
      handoff: { department: inbox.sales },
    },
  });
  expect(created.status).toBe(201);
});
afterAll(() => model.close());
beforeEach(() => {
  sent.length = 0;
});

async function say(externalId: string, text: string) {
  const event = inboundText(inbox, { externalId, text });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  const conversation = await getConversation(inbox.companyId, ref?.conversation ?? '');
  if (!conversation) throw new Error('no conversation');
  return conversation;
}

const textsTo = (id: string) => sent.filter((item) => item.to === id).map((item) => item.text);

describe("the assistant as a channel's responder", () => {
  it('answers a visitor citing the knowledge, then hands off to the queue when asked for a person', async () => {
    const first = await say('visitante-ia', 'A loja fica fechada aos domingos?');
    expect(first.status).toBe('bot');
    expect(textsTo(first._id)).toEqual([
      'Aos domingos a loja fica fechada.\n\nFonte: Horário de funcionamento',
    ]);
    const second = await say('visitante-ia', 'quero falar com um atendente');
    expect(second._id).toBe(first._id);
    expect(second).toMatchObject({ status: 'queue', department: inbox.sales });
    expect(textsTo(first._id)).toContain(ptBR.ai.handoffMessage.pt);
    const page = await callRoute(conversationsHandler, listMessages, {
      token: inbox.admin.token,
      params: { id: first._id },
      query: {},
    });
    const contents = (page.body as { items: { content: string; flags: string[] }[] }).items;
    const actions = contents.filter((message) => message.flags.includes('ai_action')).map((m) => m.content);
    expect(actions).toContain('Assistente transferiu para a fila (cliente pediu um atendente).');
    expect(actions.some((action) => action.startsWith('Assistente respondeu'))).toBe(true);
    // Actions are for operators: none of them went out through the channel.
    expect(textsTo(first._id).some((text) => text.startsWith('Assistente'))).toBe(false);
    await say('visitante-ia', 'Alô?');
    expect(textsTo(first._id).filter((text) => text.includes('Fonte'))).toHaveLength(1);
  });

  it('hands off with its message when the model fails, instead of leaving the visitor unanswered', async () => {
    model.failNext('auth', 1);
    const conversation = await say('visitante-falha', 'A loja abre aos domingos?');
    expect(conversation.status).toBe('queue');
    expect(textsTo(conversation._id)).toContain(ptBR.ai.handoffMessage.pt);
  });
});

describe('the copilot', () => {
  it('suggests a reply with citations, summarizes, rephrases and translates, sending nothing', async () => {
    const conversation = await say('visitante-copiloto', 'quero falar com um atendente');
    await say('visitante-copiloto', 'Que horas a loja abre no sábado?');
    sent.length = 0;
    const suggest = async (body: Record<string, unknown>) =>
      (
        await callRoute(handler, copilotSuggest, {
          token: inbox.admin.token,
          params: { id: conversation._id },
          body,
        })
      ).body as CopilotView;
    const suggestion = await suggest({ action: 'suggest' });
    expect(suggestion.text).toContain('9h às 20h');
    expect(suggestion.citations[0]?.title).toBe('Horário de funcionamento');
    expect((await suggest({ action: 'summarize' })).text).toContain('Resumo:');
    expect((await suggest({ action: 'rephrase', text: 'Abrimos às 9h.', tone: 'friendly' })).text).toBe(
      'Olá! Abrimos às 9h. 😊',
    );
    expect((await suggest({ action: 'translate', text: 'Abrimos às 9h.', language: 'en' })).text).toBe(
      '[en] Abrimos às 9h.',
    );
    expect(sent).toEqual([]);
    const missing = await callRoute(handler, copilotSuggest, {
      token: inbox.admin.token,
      params: { id: conversation._id },
      body: { action: 'rephrase' },
    });
    expect(missing.body).toMatchObject({ field: 'text' });
    const foreign = await callRoute(handler, copilotSuggest, {
      token: other.admin.token,
      params: { id: conversation._id },
      body: { action: 'suggest' },
    });
    expect(foreign.status).toBe(404);
  });
});
