import type { DocumentView, KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import { listDocuments, listKnowledgeBases, searchKnowledgeBase } from '@atende/shared/contracts/ai/routes';
import { createFaqArticle, setFaqArticleStatus } from '@atende/shared/contracts/faq/manage';
import type { FaqArticleView } from '@atende/shared/contracts/faq/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as aiHandler } from '../ai/handler.ts';
import { fakeIngestQueue, startTestModel } from '../ai/test-model.ts';
import { plugTestModel } from '../ai/test-setup.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let withAi: Tenant;
let withoutAi: Tenant;
let model: Awaited<ReturnType<typeof startTestModel>>;
let queue: ReturnType<typeof fakeIngestQueue>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  queue = fakeIngestQueue();
  model = await startTestModel();
  [withAi, withoutAi] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([
    setCompany(withAi.companyId, { modules: { faq: 1 } }),
    setCompany(withoutAi.companyId, { modules: { faq: 1 } }),
  ]);
  await plugTestModel(withAi, model.url);
});
afterAll(async () => {
  await model.close();
});

async function publish(tenant: Tenant, title: string, body: string): Promise<string> {
  const created = await callRoute(handler, createFaqArticle, {
    token: tenant.admin.token,
    body: { title, body, category: null, attachments: [] },
  });
  expect(created.status).toBe(201);
  const id = (created.body as FaqArticleView)._id;
  await setStatus(tenant, id, 'published');
  return id;
}

async function setStatus(tenant: Tenant, id: string, status: 'published' | 'archived' | 'draft') {
  const answer = await callRoute(handler, setFaqArticleStatus, {
    token: tenant.admin.token,
    params: { id },
    body: { status },
  });
  expect(answer.status).toBe(200);
}

const faqBase = async (tenant: Tenant) =>
  (
    (await callRoute(aiHandler, listKnowledgeBases, { token: tenant.admin.token })).body as {
      knowledge_bases: KnowledgeBaseView[];
    }
  ).knowledge_bases.find((base) => base.name === ptBR.faq.knowledgeBaseName);

const documents = async (tenant: Tenant, kb: string) =>
  (
    (await callRoute(aiHandler, listDocuments, { token: tenant.admin.token, params: { id: kb } })).body as {
      documents: DocumentView[];
    }
  ).documents;

describe('published FAQ articles feed the AI knowledge', () => {
  it('adds a published article as a question-and-answer pair, replaces it on republish, removes it when archived', async () => {
    const id = await publish(
      withAi,
      'Qual o prazo de reembolso?',
      '<p>O reembolso cai na fatura em até <strong>dez dias úteis</strong>.</p>',
    );
    await queue.drain();
    const kb = await faqBase(withAi);
    expect(kb).toBeDefined();
    const kbId = kb?._id as string;
    expect(await documents(withAi, kbId)).toMatchObject([
      { source: 'faq', title: 'Qual o prazo de reembolso?', status: 'ready' },
    ]);
    const search = await callRoute(aiHandler, searchKnowledgeBase, {
      token: withAi.admin.token,
      params: { id: kbId },
      body: { query: 'prazo do reembolso' },
    });
    expect(JSON.stringify(search.body)).toContain('dez dias úteis');

    // Republished (a new version): still one document for the article.
    await setStatus(withAi, id, 'published');
    await queue.drain();
    expect(await documents(withAi, kbId)).toHaveLength(1);

    await setStatus(withAi, id, 'archived');
    expect(await documents(withAi, kbId)).toEqual([]);
  });

  it('publishes as usual for a company without an AI model, feeding nothing', async () => {
    await publish(withoutAi, 'Como trocar a senha?', '<p>Em Perfil, clique em Trocar senha.</p>');
    expect(queue.pending).toEqual([]);
    expect(await faqBase(withoutAi)).toBeUndefined();
  });
});
