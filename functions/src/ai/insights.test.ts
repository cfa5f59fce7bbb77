import type { AssistantReply, AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import type { DemandView, PrecisionView } from '@atende/shared/contracts/ai/insight-views';
import {
  dismissDemand,
  getPrecision,
  listDemands,
  resolveDemand,
} from '@atende/shared/contracts/ai/insight-routes';
import type { DocumentView, KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import {
  addDocument,
  createAssistant,
  createKnowledgeBase,
  listDocuments,
} from '@atende/shared/contracts/ai/routes';
import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { localClock } from '../conversations/queue-rules.ts';
import { getConversation } from '../conversations/store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { assistantReply } from './assistant-step.ts';
import { handler } from './handler.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';
import { recordTurn } from './turn-record.ts';

let inbox: Inbox;
let other: Tenant;
let kb: KnowledgeBaseView;
let assistant: AssistantView;
let model: Awaited<ReturnType<typeof startTestModel>>;
let queue: ReturnType<typeof fakeIngestQueue>;
// Turns are counted on the company's days (its time zone, São Paulo's by default), as the screen asks for them.
const dayOf = (at: Date) => localClock(at, DEFAULT_TIMEZONE).date;
const today = dayOf(new Date());

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  queue = fakeIngestQueue();
  model = await startTestModel();
  inbox = await createInbox();
  other = await createTenant();
  replaceChannelSender('widget', async (message) => ({ providerMessageId: `widget-out-${message._id}` }));
  await Promise.all([plugTestModel(inbox, model.url), plugTestModel(other, model.url)]);
  kb = (await callRoute(handler, createKnowledgeBase, { token: inbox.admin.token, body: { name: 'Loja' } }))
    .body as KnowledgeBaseView;
  await callRoute(handler, addDocument, {
    token: inbox.admin.token,
    params: { id: kb._id },
    body: {
      title: 'Horário de funcionamento',
      text: 'A loja abre de segunda a sábado, das 9h às 20h. Aos domingos a loja fica fechada.',
    },
  });
  await queue.drain();
  assistant = (
    await callRoute(handler, createAssistant, {
      token: inbox.admin.token,
      body: { name: 'Lia', knowledge_bases: [kb._id], channels: [inbox.widget] },
    })
  ).body as AssistantView;
  // One answered, two unanswered of one topic (worded apart), one customer asking for a person.
  await say('demanda-1', 'A loja fica fechada aos domingos?');
  await say('demanda-2', 'Vocês aceitam pagamento com pix?');
  await say('demanda-3', 'aceitam pix como pagamento');
  await say('demanda-4', 'quero falar com um atendente');
});
afterAll(() => model.close());

async function say(externalId: string, text: string) {
  const event = inboundText(inbox, { externalId, text });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  const conversation = await getConversation(inbox.companyId, ref?.conversation ?? '');
  if (!conversation) throw new Error('no conversation');
  return { conversation, messageId: event.providerMessageId };
}

const demandsOf = async (tenant: Tenant, query: Record<string, string> = {}) => {
  const answer = await callRoute(handler, listDemands, { token: tenant.admin.token, query });
  expect(answer.status).toBe(200);
  return answer.body as { items: DemandView[]; total: number };
};
const precisionOf = async (tenant: Tenant, query: Record<string, string> = { from: today, to: today }) =>
  callRoute(handler, getPrecision, { token: tenant.admin.token, query });

describe('unanswered questions (demands)', () => {
  it('groups the questions an assistant could not answer by topic and counts them', async () => {
    const { items, total } = await demandsOf(inbox);
    expect(total).toBe(1);
    const [pix] = items;
    expect(pix).toMatchObject({
      question: 'Vocês aceitam pagamento com pix?',
      last_question: 'aceitam pix como pagamento',
      topic: 'aceitam pagamento pix',
      count: 2,
      assistants: [assistant._id],
    });
    expect((pix?.reasons.unsupported ?? 0) + (pix?.reasons.threshold ?? 0)).toBe(2);
    expect(await demandsOf(inbox, { assistant: inbox.companyId.padEnd(24, '0').slice(0, 24) })).toEqual({
      items: [],
      total: 0,
    });
  });

  it('counts a turn that runs again for the same customer message only once', async () => {
    const { conversation, messageId } = await say('demanda-replay', 'Vocês fazem entrega de madrugada?');
    await assistantReply(
      inbox.companyId,
      assistant._id,
      'Vocês fazem entrega de madrugada?',
      conversation,
      messageId,
    );
    const replayed = (await demandsOf(inbox)).items.find((demand) => demand.topic.includes('madrugada'));
    expect(replayed?.count).toBe(1);
    await callRoute(handler, dismissDemand, {
      token: inbox.admin.token,
      params: { id: replayed?._id ?? '' },
    });
  });

  it("is another company's admin's to see or act on only in its own company, and admins' only", async () => {
    const [pix] = (await demandsOf(inbox)).items;
    const id = pix?._id ?? '';
    expect(await demandsOf(other)).toEqual({ items: [], total: 0 });
    const foreignResolve = await callRoute(handler, resolveDemand, {
      token: other.admin.token,
      params: { id },
      body: { knowledge_base: kb._id, question: 'Pix?', answer: 'Sim.' },
    });
    expect(foreignResolve.status).toBe(404);
    expect(
      (await callRoute(handler, dismissDemand, { token: other.admin.token, params: { id } })).status,
    ).toBe(404);
    for (const token of [inbox.manager.token, inbox.operator.token]) {
      expect((await callRoute(handler, listDemands, { token, query: {} })).status).toBe(403);
      expect((await callRoute(handler, dismissDemand, { token, params: { id } })).status).toBe(403);
      expect(
        (await callRoute(handler, getPrecision, { token, query: { from: today, to: today } })).status,
      ).toBe(403);
    }
    expect((await demandsOf(inbox)).total).toBe(1);
  });

  it("turns a demand into a question-and-answer entry of the company's base, never another company's", async () => {
    const [pix] = (await demandsOf(inbox)).items;
    const id = pix?._id ?? '';
    const foreignBase = (
      await callRoute(handler, createKnowledgeBase, { token: other.admin.token, body: { name: 'Outra' } })
    ).body as KnowledgeBaseView;
    const intoForeign = await callRoute(handler, resolveDemand, {
      token: inbox.admin.token,
      params: { id },
      body: { knowledge_base: foreignBase._id, question: 'Pix?', answer: 'Sim.' },
    });
    expect(intoForeign.status).toBe(404);
    const blank = await callRoute(handler, resolveDemand, {
      token: inbox.admin.token,
      params: { id },
      body: { knowledge_base: kb._id, question: 'Aceitam pix?', answer: ' ' },
    });
    expect(blank).toMatchObject({ status: 400, body: { field: 'answer' } });
    const resolved = await callRoute(handler, resolveDemand, {
      token: inbox.admin.token,
      params: { id },
      body: { knowledge_base: kb._id, question: 'Vocês aceitam pix?', answer: 'Sim, aceitamos pix.' },
    });
    expect(resolved.status).toBe(200);
    expect((resolved.body as { document: DocumentView }).document).toMatchObject({
      source: 'faq',
      title: 'Vocês aceitam pix?',
    });
    await queue.drain();
    const docs = (
      await callRoute(handler, listDocuments, { token: inbox.admin.token, params: { id: kb._id } })
    ).body as { documents: DocumentView[] };
    expect(docs.documents.find((doc) => doc.source === 'faq')?.status).toBe('ready');
    expect(await demandsOf(inbox)).toEqual({ items: [], total: 0 });
    // Asked again, the assistant now answers from the new entry: no new demand.
    await say('demanda-5', 'Vocês aceitam pix?');
    expect((await demandsOf(inbox)).total).toBe(0);
  });
});

describe('precision', () => {
  it("reports each assistant's answered and unanswered turns over the period", async () => {
    const answer = await precisionOf(inbox);
    expect(answer.status).toBe(200);
    const report = answer.body as PrecisionView;
    const [row] = report.assistants;
    expect(row).toMatchObject({ assistant: assistant._id, name: 'Lia', requested: 1, refused: 0, failed: 0 });
    // demanda-1 and -5 answered; pix twice and the replayed madrugada question unanswered.
    expect(row).toMatchObject({ turns: 6, answered: 2, unanswered: 3 });
    expect(row?.precision).toBeCloseTo(0.4);
    expect(report.days).toEqual([{ day: today, answered: 2, unanswered: 3, turns: 6 }]);
    const daysAgo = (n: number) => dayOf(new Date(Date.now() - n * 86_400_000));
    const before = (await precisionOf(inbox, { from: daysAgo(30), to: daysAgo(1) })).body as PrecisionView;
    expect(before.assistants).toEqual([]);
    expect(((await precisionOf(other)).body as PrecisionView).assistants).toEqual([]);
  });

  it("counts a turn on the company's day: a São Paulo evening is already the next day in UTC", async () => {
    const reply: AssistantReply = {
      kind: 'answer',
      text: 'Abrimos às 9h.',
      citations: [],
      confidence: 0.9,
      handoff_reason: null,
      language: 'pt',
      actions: [],
    };
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-11T01:30:00Z') });
    try {
      await recordTurn(inbox.companyId, {
        assistant: assistant._id,
        turn: { conversationId: 'evening-conversation', messageId: 'evening-message' },
        question: 'Que horas abrem?',
        reply,
        failed: false,
      });
    } finally {
      vi.useRealTimers();
    }
    const evening = (await precisionOf(inbox, { from: '2026-03-10', to: '2026-03-10' }))
      .body as PrecisionView;
    expect(evening.days).toEqual([{ day: '2026-03-10', answered: 1, unanswered: 0, turns: 1 }]);
    const utcDay = (await precisionOf(inbox, { from: '2026-03-11', to: '2026-03-11' })).body as PrecisionView;
    expect(utcDay.days).toEqual([]);
  });

  it('answers 400 naming the field for a bad day, a reversed or an overlong period', async () => {
    expect(await precisionOf(inbox, { from: '2026-13-01', to: today })).toMatchObject({
      status: 400,
      body: { field: 'from' },
    });
    expect(await precisionOf(inbox, { from: today, to: '2020-01-01' })).toMatchObject({
      status: 400,
      body: { field: 'to' },
    });
    expect(await precisionOf(inbox, { from: '2020-01-01', to: '2022-01-01' })).toMatchObject({
      status: 400,
      body: { field: 'to' },
    });
  });
});
