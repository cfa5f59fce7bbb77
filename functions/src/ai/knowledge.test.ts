import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AssistantReply, AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import type { DocumentView, KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import {
  addDocument,
  createAssistant,
  createKnowledgeBase,
  deleteDocument,
  deleteKnowledgeBase,
  getAssistant,
  listDocuments,
  previewAssistant,
  resyncDocument,
  searchKnowledgeBase,
  updateAssistant,
} from '@atende/shared/contracts/ai/routes';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

const PLANS = `Planos e preços

O plano Essencial custa R$ 99 por mês e inclui três usuários.

O plano Profissional custa R$ 249 por mês e inclui dez usuários e assistentes de IA.`;
const DELIVERY = `Entregas

As entregas para a capital levam dois dias úteis. Para o interior o prazo de entrega é de cinco dias úteis.`;

let a: Tenant;
let b: Tenant;
let model: Awaited<ReturnType<typeof startTestModel>>;
let queue: ReturnType<typeof fakeIngestQueue>;
let page: ReturnType<typeof createServer>;
let pageUrl: string;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  queue = fakeIngestQueue();
  model = await startTestModel();
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<html><head><title>Trocas</title><script>var x = 1;</script></head><body><h1>Política de trocas</h1><p>Trocas são aceitas em até trinta dias com nota fiscal.</p></body></html>',
    );
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/trocas`;
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([plugTestModel(a, model.url), plugTestModel(b, model.url)]);
});
afterAll(async () => {
  await model.close();
  await new Promise<void>((resolve) => page.close(() => resolve()));
});

async function newBase(tenant: Tenant, name: string, texts: Record<string, string>) {
  const kb = (await callRoute(handler, createKnowledgeBase, { token: tenant.admin.token, body: { name } }))
    .body as KnowledgeBaseView;
  for (const [title, text] of Object.entries(texts)) {
    const added = await callRoute(handler, addDocument, {
      token: tenant.admin.token,
      params: { id: kb._id },
      body: { title, text },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'pending', progress: 0 });
  }
  await queue.drain();
  return kb;
}

async function newAssistant(tenant: Tenant, body: Record<string, unknown>) {
  const created = await callRoute(handler, createAssistant, { token: tenant.admin.token, body });
  expect(created.status).toBe(201);
  return created.body as AssistantView;
}

const ask = async (tenant: Tenant, assistant: string, message: string) =>
  (
    await callRoute(handler, previewAssistant, {
      token: tenant.admin.token,
      params: { id: assistant },
      body: { message },
    })
  ).body as AssistantReply;

describe('knowledge bases', () => {
  it('processes a text in the background (chunk, embed) with progress, and finds it by hybrid search', async () => {
    const kb = await newBase(a, 'Comercial', { Planos: PLANS, Entregas: DELIVERY });
    const docs = (await callRoute(handler, listDocuments, { token: a.admin.token, params: { id: kb._id } }))
      .body as { documents: DocumentView[] };
    expect(docs.documents.map((doc) => [doc.status, doc.progress])).toEqual([
      ['ready', 100],
      ['ready', 100],
    ]);
    const found = await callRoute(handler, searchKnowledgeBase, {
      token: a.admin.token,
      params: { id: kb._id },
      body: { query: 'quanto tempo leva a entrega no interior?' },
    });
    const results = (found.body as { results: { title: string; excerpt: string }[] }).results;
    expect(results[0]?.title).toBe('Entregas');
  });

  it('fetches a URL with the outbound rules, FAQ pairs, re-sync and delete', async () => {
    const kb = (
      await callRoute(handler, createKnowledgeBase, { token: a.admin.token, body: { name: 'Site' } })
    ).body as KnowledgeBaseView;
    const fromUrl = (
      await callRoute(handler, addDocument, {
        token: a.admin.token,
        params: { id: kb._id },
        body: { url: pageUrl },
      })
    ).body as DocumentView;
    await callRoute(handler, addDocument, {
      token: a.admin.token,
      params: { id: kb._id },
      body: { question: 'Vocês têm loja física?', answer: 'Não, vendemos apenas pela internet.' },
    });
    const privateUrl = (
      await callRoute(handler, addDocument, {
        token: a.admin.token,
        params: { id: kb._id },
        body: { url: 'http://10.1.2.3/interno' },
      })
    ).body as DocumentView;
    await queue.drain();
    const docs = (
      (await callRoute(handler, listDocuments, { token: a.admin.token, params: { id: kb._id } })).body as {
        documents: DocumentView[];
      }
    ).documents;
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    expect(byId.get(fromUrl._id)).toMatchObject({ status: 'ready', title: 'Trocas', source: 'url' });
    expect(byId.get(privateUrl._id)).toMatchObject({ status: 'failed', error: ptBR.ai.errors.unsafeUrl });
    expect(docs.find((doc) => doc.source === 'faq')).toMatchObject({
      status: 'ready',
      title: 'Vocês têm loja física?',
    });
    const resynced = await callRoute(handler, resyncDocument, {
      token: a.admin.token,
      params: { id: kb._id, documentId: fromUrl._id },
    });
    expect(resynced.body).toMatchObject({ status: 'pending' });
    await queue.drain();
    await callRoute(handler, deleteDocument, {
      token: a.admin.token,
      params: { id: kb._id, documentId: fromUrl._id },
    });
    const search = await callRoute(handler, searchKnowledgeBase, {
      token: a.admin.token,
      params: { id: kb._id },
      body: { query: 'trocas nota fiscal trinta dias' },
    });
    expect(JSON.stringify(search.body)).not.toContain('trinta dias');
    expect(
      (await callRoute(handler, deleteKnowledgeBase, { token: a.admin.token, params: { id: kb._id } }))
        .status,
    ).toBe(200);
  });

  it('refuses a document without a source, naming the field', async () => {
    const kb = (await callRoute(handler, createKnowledgeBase, { token: a.admin.token, body: { name: 'X' } }))
      .body as KnowledgeBaseView;
    const bad = await callRoute(handler, addDocument, {
      token: a.admin.token,
      params: { id: kb._id },
      body: { file_name: 'manual.pdf', content: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('assistants', () => {
  it('answers from the relevant chunk, citing it, and the chunk is in the model prompt', async () => {
    const kb = await newBase(a, 'Vendas', { Planos: PLANS, Entregas: DELIVERY });
    const assistant = await newAssistant(a, { name: 'Ana', knowledge_bases: [kb._id] });
    const before = model.calls.length;
    const reply = await ask(a, assistant._id, 'Quanto custa o plano Profissional por mês?');
    expect(reply).toMatchObject({ kind: 'answer', language: 'pt', handoff_reason: null });
    expect(reply.text).toContain('R$ 249');
    expect(reply.citations[0]).toMatchObject({ title: 'Planos', document: expect.any(String) });
    const prompt = model.chatPrompts().slice(-1)[0] ?? '';
    expect(model.calls.length).toBeGreaterThan(before);
    expect(prompt).toContain('O plano Profissional custa R$ 249');
  });

  it("never uses another company's knowledge", async () => {
    const secret = await newBase(b, 'Segredo B', { Preços: 'O plano Diamante custa R$ 9999 por mês.' });
    const mine = await newBase(a, 'Só A', { Horário: 'Atendemos de segunda a sexta, das 8h às 18h.' });
    const denied = await callRoute(handler, createAssistant, {
      token: a.admin.token,
      body: { name: 'Intruso', knowledge_bases: [secret._id] },
    });
    expect(denied.status).toBe(400);
    expect(denied.body).toMatchObject({
      field: 'knowledge_bases.0',
      message: expect.stringContaining(ptBR.ai.unknownKnowledgeBase),
    });
    const assistant = await newAssistant(a, { name: 'Bia', knowledge_bases: [mine._id] });
    const reply = await ask(a, assistant._id, 'Quanto custa o plano Diamante por mês?');
    expect(reply.text).not.toContain('9999');
    expect(model.chatPrompts().join('\n')).not.toContain('R$ 9999');
    expect(reply.kind).toBe('handoff');
  });

  it('hands off on a keyword, on a request for a person, below the threshold and without support', async () => {
    const kb = await newBase(a, 'Suporte', { Planos: PLANS });
    const assistant = await newAssistant(a, {
      name: 'Caio',
      knowledge_bases: [kb._id],
      keywords: ['cancelar'],
      handoff: { threshold: 0.9 },
    });
    expect(await ask(a, assistant._id, 'Quero cancelar minha assinatura')).toMatchObject({
      kind: 'handoff',
      handoff_reason: 'keyword',
      text: ptBR.ai.handoffMessage.pt,
    });
    expect(await ask(a, assistant._id, 'quero falar com um atendente')).toMatchObject({
      kind: 'handoff',
      handoff_reason: 'request',
    });
    expect(await ask(a, assistant._id, 'I want to talk to a human agent please')).toMatchObject({
      handoff_reason: 'request',
      text: ptBR.ai.handoffMessage.en,
      language: 'en',
    });
    const low = await ask(
      a,
      assistant._id,
      'O plano Essencial inclui quantos usuários e suporte telefônico noturno?',
    );
    expect(low).toMatchObject({ kind: 'handoff', handoff_reason: 'threshold' });
    expect(low.confidence).toBeLessThan(0.9);
    expect(await ask(a, assistant._id, 'Vocês vendem bicicletas elétricas?')).toMatchObject({
      kind: 'handoff',
      handoff_reason: 'unsupported',
    });
  });

  it('refuses topics, limits the answer length, and keeps HTTP skills off private addresses', async () => {
    const kb = await newBase(a, 'Guardas', { Planos: PLANS });
    const assistant = await newAssistant(a, {
      name: 'Duda',
      knowledge_bases: [kb._id],
      guardrails: { refused_topics: ['política'], max_answer_chars: 100 },
    });
    expect(await ask(a, assistant._id, 'O que acha da política do país?')).toMatchObject({
      kind: 'refusal',
      text: ptBR.ai.refusal.pt,
    });
    const long = await ask(
      a,
      assistant._id,
      'Quanto custa o plano Profissional por mês e quantos usuários inclui?',
    );
    expect(long.text.length).toBeLessThanOrEqual(100);
    const unsafe = await callRoute(handler, updateAssistant, {
      token: a.admin.token,
      params: { id: assistant._id },
      body: { skills: [{ kind: 'http', name: 'Pedido', url: 'http://169.254.169.254/latest/meta-data' }] },
    });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body).toMatchObject({
      field: 'skills.0.url',
      message: expect.stringContaining(ptBR.ai.errors.unsafeUrl),
    });
  });

  it("is for admins, and another company's admin sees nothing of it", async () => {
    const kb = await newBase(a, 'Privada', { Planos: PLANS });
    const assistant = await newAssistant(a, { name: 'Eva', knowledge_bases: [kb._id] });
    expect(
      (await callRoute(handler, getAssistant, { token: b.admin.token, params: { id: assistant._id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await callRoute(handler, previewAssistant, {
          token: b.admin.token,
          params: { id: assistant._id },
          body: { message: 'oi' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(handler, listDocuments, { token: b.admin.token, params: { id: kb._id } })).status,
    ).toBe(404);
    expect(
      (
        await callRoute(handler, addDocument, {
          token: b.admin.token,
          params: { id: kb._id },
          body: { title: 'x', text: 'y' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(handler, deleteKnowledgeBase, { token: b.admin.token, params: { id: kb._id } }))
        .status,
    ).toBe(404);
    expect(
      (await callRoute(handler, getAssistant, { token: a.operator.token, params: { id: assistant._id } }))
        .status,
    ).toBe(403);
    expect(
      (await callRoute(handler, createKnowledgeBase, { token: a.manager.token, body: { name: 'x' } })).status,
    ).toBe(403);
  });
});
