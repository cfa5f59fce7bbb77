import SwaggerParser from '@apidevtools/swagger-parser';
import { createApiKey, getOpenApi } from '@atende/shared/contracts/api-keys/routes';
import type { DocumentView, KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import {
  addDocument,
  createKnowledgeBase,
  deleteAssistant,
  deleteDocument,
  listDocuments,
  listKnowledgeBases,
} from '@atende/shared/contracts/ai/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as apiKeysHandler } from '../api-keys/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

let a: Tenant;
let b: Tenant;
let baseOfA: KnowledgeBaseView;
let model: Awaited<ReturnType<typeof startTestModel>>;
let queue: ReturnType<typeof fakeIngestQueue>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  await useTestTables();
  queue = fakeIngestQueue();
  model = await startTestModel();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([plugTestModel(a, model.url), plugTestModel(b, model.url)]);
  baseOfA = (await callRoute(handler, createKnowledgeBase, { token: a.admin.token, body: { name: 'Ajuda' } }))
    .body as KnowledgeBaseView;
});
afterAll(() => model.close());

async function keyOf(tenant: Tenant, scopes: string[]) {
  const answer = await callRoute(apiKeysHandler, createApiKey, {
    token: tenant.admin.token,
    body: { name: 'Central de ajuda', scopes },
  });
  expect(answer.status).toBe(201);
  return (answer.body as { key: string }).key;
}

describe('knowledge documents in the public API', () => {
  it("lists, adds and deletes a base's documents with an ai:read/ai:write key, processed like any other", async () => {
    const key = await keyOf(a, ['ai:read', 'ai:write']);
    const bases = await callRoute(handler, listKnowledgeBases, { apiKey: key });
    expect(bases.status).toBe(200);
    expect(
      (bases.body as { knowledge_bases: KnowledgeBaseView[] }).knowledge_bases.map((kb) => kb._id),
    ).toEqual([baseOfA._id]);
    const added = await callRoute(handler, addDocument, {
      apiKey: key,
      params: { id: baseOfA._id },
      body: { title: 'Trocas', text: 'Trocas em até trinta dias com a nota fiscal.' },
    });
    expect(added.status).toBe(201);
    const faq = await callRoute(handler, addDocument, {
      apiKey: key,
      params: { id: baseOfA._id },
      body: { question: 'Tem loja física?', answer: 'Sim, no centro.' },
    });
    expect(faq.status).toBe(201);
    await queue.drain();
    const listed = await callRoute(handler, listDocuments, { apiKey: key, params: { id: baseOfA._id } });
    expect(
      (listed.body as { documents: DocumentView[] }).documents.map((doc) => [doc.title, doc.status]),
    ).toEqual(
      expect.arrayContaining([
        ['Trocas', 'ready'],
        ['Tem loja física?', 'ready'],
      ]),
    );
    const id = (added.body as DocumentView)._id;
    const removed = await callRoute(handler, deleteDocument, {
      apiKey: key,
      params: { id: baseOfA._id, documentId: id },
    });
    expect(removed).toMatchObject({ status: 200, body: { deleted: id } });
    const bad = await callRoute(handler, addDocument, {
      apiKey: key,
      params: { id: baseOfA._id },
      body: { title: 'Sem texto', text: ' ' },
    });
    expect(bad.status).toBe(400);
  });

  it('needs the ai scopes: reading does not imply writing, and the rest of AI stays employee-only', async () => {
    const reader = await keyOf(a, ['ai:read']);
    expect(
      (await callRoute(handler, listDocuments, { apiKey: reader, params: { id: baseOfA._id } })).status,
    ).toBe(200);
    const write = await callRoute(handler, addDocument, {
      apiKey: reader,
      params: { id: baseOfA._id },
      body: { title: 'x', text: 'y' },
    });
    expect(write.status).toBe(403);
    const contactsOnly = await keyOf(a, ['contacts:read']);
    expect((await callRoute(handler, listKnowledgeBases, { apiKey: contactsOnly })).status).toBe(403);
    const all = await keyOf(a, ['*']);
    expect(
      (await callRoute(handler, deleteAssistant, { apiKey: all, params: { id: baseOfA._id } })).status,
    ).toBe(403);
  });

  it("never reaches another company's base or documents", async () => {
    const doc = (
      await callRoute(handler, addDocument, {
        token: a.admin.token,
        params: { id: baseOfA._id },
        body: { title: 'Interno', text: 'Somente da empresa A.' },
      })
    ).body as DocumentView;
    const keyOfB = await keyOf(b, ['*']);
    const bases = await callRoute(handler, listKnowledgeBases, { apiKey: keyOfB });
    expect(JSON.stringify(bases.body)).not.toContain(baseOfA._id);
    expect(
      (await callRoute(handler, listDocuments, { apiKey: keyOfB, params: { id: baseOfA._id } })).status,
    ).toBe(404);
    const foreignAdd = await callRoute(handler, addDocument, {
      apiKey: keyOfB,
      params: { id: baseOfA._id },
      body: { title: 'Intruso', text: 'Não deveria entrar.' },
    });
    expect(foreignAdd.status).toBe(404);
    const foreignDelete = await callRoute(handler, deleteDocument, {
      apiKey: keyOfB,
      params: { id: baseOfA._id, documentId: doc._id },
    });
    expect(foreignDelete.status).toBe(404);
    const mine = await callRoute(handler, listDocuments, {
      token: a.admin.token,
      params: { id: baseOfA._id },
    });
    const titles = (mine.body as { documents: DocumentView[] }).documents.map((item) => item.title);
    expect(titles).toContain('Interno');
    expect(titles).not.toContain('Intruso');
  });

  it('is described in the OpenAPI document with its scopes', async () => {
    const document = (await callRoute(apiKeysHandler, getOpenApi)).body as {
      paths: Record<string, Record<string, { 'x-required-scope': string }>>;
    };
    const documents = document.paths['/api/knowledge-bases/{id}/documents'];
    expect(documents?.get?.['x-required-scope']).toBe('ai:read');
    expect(documents?.post?.['x-required-scope']).toBe('ai:write');
    expect(
      document.paths['/api/knowledge-bases/{id}/documents/{documentId}']?.delete?.['x-required-scope'],
    ).toBe('ai:write');
    expect(document.paths['/api/knowledge-bases']?.get?.['x-required-scope']).toBe('ai:read');
    expect(document.paths['/api/assistants']).toBeUndefined();
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });
});
