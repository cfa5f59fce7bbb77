import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import type { EvaluationSummary, EvaluationView } from '@atende/shared/contracts/ai/evaluation-views';
import { createEvaluation, getEvaluation, listEvaluations } from '@atende/shared/contracts/ai/insight-routes';
import type { KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import { addDocument, createAssistant, createKnowledgeBase } from '@atende/shared/contracts/ai/routes';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { conversationEntity, messageEntity } from '../conversations/entities.ts';
import type { ConversationRecord, MessageRecord } from '../conversations/records.ts';
import { TEST_JWT_SECRET } from '../conversations/test-inbox.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { caseOf, CASES_PER_STEP } from './evaluation.ts';
import { handler } from './handler.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

let tenant: Tenant;
let other: Tenant;
let assistant: AssistantView;
let vipContact: ContactView;
let plainContact: ContactView;
let vip: string;
let model: Awaited<ReturnType<typeof startTestModel>>;
let queue: ReturnType<typeof fakeIngestQueue>;
const today = new Date().toISOString().slice(0, 10);

type Line = [MessageRecord['sent_by'], string];

/** A conversation as the inbox stores it, with its messages, in the given status. */
async function seedConversation(
  owner: Tenant,
  contact: ContactView,
  lines: readonly Line[],
  status: ConversationRecord['status'] = 'closed',
) {
  const id = newObjectId();
  const now = new Date().toISOString();
  const record: ConversationRecord = {
    _id: id,
    protocol: '20261129000001',
    status,
    channel: 'widget',
    integration: newObjectId(),
    customer: { _id: contact._id, full_name: contact.full_name },
    department: null,
    employee: { _id: owner.admin.id, name: 'Admin' },
    tabulation: null,
    redistributed: false,
    unread: 0,
    last_message: null,
    created_at: now,
    updated_at: now,
    last_activity_at: now,
    closed_at: status === 'closed' ? now : null,
    company: owner.companyId,
    external_id: `visitor-${id}`,
    message_seq: lines.length,
    search_text: contact.full_name.toLowerCase(),
    assigned_at: null,
    queued_at: null,
    close_reason: null,
    redistributed_to: null,
    wallet: null,
  };
  await conversationEntity.put(record);
  for (const [index, [sentBy, content]] of lines.entries()) {
    const message: MessageRecord = {
      _id: newObjectId(),
      conversation: id,
      type: 'text',
      content,
      sent_by: sentBy,
      channel: 'widget',
      created_at: now,
      read: true,
      flags: [],
      channel_metadata: {},
      company: owner.companyId,
      status: 'delivered',
      sequence: index + 1,
      integration: record.integration,
      direction: sentBy === 'customer' ? 'inbound' : 'outbound',
    };
    await messageEntity.put(message, {}, messageEntity.key(owner.companyId, id, index + 1));
  }
  return id;
}

const contactOf = async (owner: Tenant, name: string, tags: string[] = []) =>
  (
    await callRoute(contactsHandler, createContact, {
      token: owner.admin.token,
      body: { full_name: name, tags },
    })
  ).body as ContactView;

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  process.env.JWT_SECRET ??= TEST_JWT_SECRET;
  await useTestTables();
  queue = fakeIngestQueue();
  model = await startTestModel();
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([plugTestModel(tenant, model.url), plugTestModel(other, model.url)]);
  const kb = (
    await callRoute(handler, createKnowledgeBase, { token: tenant.admin.token, body: { name: 'Loja' } })
  ).body as KnowledgeBaseView;
  await callRoute(handler, addDocument, {
    token: tenant.admin.token,
    params: { id: kb._id },
    body: {
      title: 'Horário de funcionamento',
      text: 'A loja abre de segunda a sábado, das 9h às 20h. Aos domingos a loja fica fechada.',
    },
  });
  await queue.drain();
  assistant = (
    await callRoute(handler, createAssistant, {
      token: tenant.admin.token,
      body: { name: 'Lia', knowledge_bases: [kb._id] },
    })
  ).body as AssistantView;
  vip = (
    (
      await callRoute(tagsHandler, createTag, {
        token: tenant.admin.token,
        body: { name: 'VIP', color: '#f00' },
      })
    ).body as { _id: string }
  )._id;
  vipContact = await contactOf(tenant, 'Cliente VIP', [vip]);
  plainContact = await contactOf(tenant, 'Cliente Comum');
  // The fixed set: one the knowledge answers, one it answers wrongly, two it cannot answer (handed off).
  await seedConversation(tenant, vipContact, [
    ['customer', 'A loja abre no sábado?'],
    ['operator', 'A loja abre de segunda a sábado, das 9h às 20h.'],
  ]);
  await seedConversation(tenant, plainContact, [
    ['customer', 'Olá'],
    ['customer', 'A loja abre aos domingos?'],
    ['bot', 'Vou transferir você para um atendente.'],
    ['operator', 'Não, aos domingos a loja fica fechada.'],
    ['customer', 'Obrigado!'],
  ]);
  await seedConversation(tenant, plainContact, [
    ['customer', 'Vocês aceitam pix?'],
    ['operator', 'Sim, aceitamos pix e cartão de crédito.'],
  ]);
  await seedConversation(tenant, plainContact, [
    ['customer', 'Quanto custa o frete para Fortaleza?'],
    ['operator', 'O frete para Fortaleza custa 15 reais e chega em dois dias.'],
  ]);
  // Not cases: no person answered, the conversation is still open, or it is another company's.
  await seedConversation(tenant, plainContact, [['customer', 'Alguém aí?']]);
  await seedConversation(
    tenant,
    plainContact,
    [
      ['customer', 'A loja abre no feriado?'],
      ['operator', 'Abre sim.'],
    ],
    'in_service',
  );
  const stranger = await contactOf(other, 'Cliente de outra empresa');
  await seedConversation(other, stranger, [
    ['customer', 'Segredo da outra empresa?'],
    ['operator', 'Resposta secreta da outra empresa.'],
  ]);
});
afterAll(() => model.close());

const start = (owner: Tenant, body: Record<string, unknown>) =>
  callRoute(handler, createEvaluation, { token: owner.admin.token, body });
const read = async (id: string) =>
  (await callRoute(handler, getEvaluation, { token: tenant.admin.token, params: { id } }))
    .body as EvaluationView;

describe('the replay evaluation (/ai/precision)', () => {
  it('picks a resolved conversation’s question and the person’s answer', () => {
    const at = new Date().toISOString();
    const message = (sent_by: MessageRecord['sent_by'], content: string, flags: string[] = []) =>
      ({ sent_by, content, flags, type: 'text', created_at: at }) as MessageRecord;
    expect(
      caseOf('c1', [
        message('customer', 'Oi'),
        message('bot', 'Escolha uma opção', ['system']),
        message('customer', 'Qual o prazo?'),
        message('operator', 'Três dias.'),
        message('operator', 'Úteis.'),
        message('customer', 'Ok'),
        message('operator', 'Mais algo?'),
      ]),
    ).toEqual({ conversation: 'c1', question: 'Oi\nQual o prazo?', reference: 'Três dias.\nÚteis.' });
    expect(caseOf('c2', [message('customer', 'Oi'), message('bot', 'Olá!')])).toBeUndefined();
  });

  it('replays the period in the background with progress and scores the fixed set', async () => {
    const started = await start(tenant, { assistant: assistant._id, from: today, to: today, limit: 10 });
    expect(started.status).toBe(202);
    const queued = started.body as EvaluationView;
    expect(queued).toMatchObject({ status: 'queued', progress: 0, cases: [], assistant_name: 'Lia' });
    // The first step picks the cases and replays CASES_PER_STEP of them; the rest follow in queued steps.
    expect(await queue.drain()).toBe(Math.ceil(4 / CASES_PER_STEP));
    const done = await read(queued._id);
    expect(done.status).toBe('done');
    expect(done).toMatchObject({ progress: 100, total: 4, processed: 4, error: null });
    const byQuestion = Object.fromEntries(done.cases.map((item) => [item.question.split('\n').at(-1), item]));
    expect(Object.keys(byQuestion).sort()).toEqual([
      'A loja abre aos domingos?',
      'A loja abre no sábado?',
      'Quanto custa o frete para Fortaleza?',
      'Vocês aceitam pix?',
    ]);
    expect(byQuestion['A loja abre no sábado?']).toMatchObject({
      reply_kind: 'answer',
      score: 1,
      answerable: true,
      handoff_correct: true,
    });
    // Answered with the wrong sentence of the right document: a low score, though the knowledge held it.
    // (the fake judge: 1 of the reference's 5 words, "loja", is in the answer).
    expect(byQuestion['A loja abre aos domingos?']).toMatchObject({
      reply_kind: 'answer',
      reference: 'Não, aos domingos a loja fica fechada.',
      reply: 'A loja abre de segunda a sábado, das 9h às 20h.',
      score: 0.2,
      answerable: true,
      handoff_correct: true,
    });
    for (const question of ['Vocês aceitam pix?', 'Quanto custa o frete para Fortaleza?'])
      expect(byQuestion[question]).toMatchObject({
        reply_kind: 'handoff',
        score: null,
        answerable: false,
        handoff_correct: true,
      });
    expect(done.scores).toEqual({
      cases: 4,
      answered: 2,
      handed_off: 2,
      accuracy: 0.6,
      handoff_precision: 1,
      handoff_recall: 1,
    });
    // The judge saw the person's answer and the assistant's; the other company's conversation never appears.
    const prompts = model.chatPrompts().join('\n');
    expect(prompts).toContain('Referência: Sim, aceitamos pix e cartão de crédito.');
    expect(prompts).not.toContain('secreta');
    expect(prompts).not.toContain('feriado');
  });

  it('keeps a history per assistant and filters by the customer’s tag', async () => {
    const started = (await start(tenant, { assistant: assistant._id, from: today, to: today, tag: vip }))
      .body as EvaluationView;
    await queue.drain();
    const tagged = await read(started._id);
    expect(tagged.status).toBe('done');
    expect(tagged.cases.map((item) => item.question)).toEqual(['A loja abre no sábado?']);
    expect(tagged.scores).toMatchObject({ cases: 1, accuracy: 1, handoff_precision: null });
    const history = await callRoute(handler, listEvaluations, {
      token: tenant.admin.token,
      query: { assistant: assistant._id },
    });
    const items = (history.body as { items: EvaluationSummary[] }).items;
    expect(items.length).toBe(2);
    expect(items[0]?._id).toBe(started._id);
    expect(items[0]).not.toHaveProperty('cases');
  });

  it('says when the period has no resolved conversation a person answered', async () => {
    const started = (await start(tenant, { assistant: assistant._id, from: '2020-01-01', to: '2020-01-31' }))
      .body as EvaluationView;
    await queue.drain();
    expect(await read(started._id)).toMatchObject({
      status: 'failed',
      error: ptBR.ai.insights.evaluation.noConversations,
      cases: [],
    });
  });

  it('is the company’s own: another company can neither read it nor evaluate this assistant', async () => {
    const { items } = (await callRoute(handler, listEvaluations, { token: other.admin.token, query: {} }))
      .body as { items: EvaluationSummary[] };
    expect(items).toEqual([]);
    const mine = (await callRoute(handler, listEvaluations, { token: tenant.admin.token, query: {} }))
      .body as {
      items: EvaluationSummary[];
    };
    const id = mine.items[0]?._id ?? '';
    expect(
      (await callRoute(handler, getEvaluation, { token: other.admin.token, params: { id } })).status,
    ).toBe(404);
    expect((await start(other, { assistant: assistant._id, from: today, to: today })).status).toBe(404);
  });

  it('refuses operators and a period ending before it starts', async () => {
    expect(
      (await callRoute(handler, listEvaluations, { token: tenant.operator.token, query: {} })).status,
    ).toBe(403);
    const backwards = await start(tenant, { assistant: assistant._id, from: today, to: '2020-01-01' });
    expect(backwards.status).toBe(400);
  });
});
