import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { DocumentView, KnowledgeBaseView } from '@atende/shared/contracts/ai/knowledge-views';
import {
  addDocument,
  createKnowledgeBase,
  createKnowledgeUpload,
  deleteDocument,
  listDocuments,
  searchKnowledgeBase,
} from '@atende/shared/contracts/ai/routes';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { docxOf, pdfOf } from './test-files.ts';
import { fakeIngestQueue, startTestModel } from './test-model.ts';
import { plugTestModel } from './test-setup.ts';

/** The media bucket as the presigned POST would fill it: objects by key. */
const bucket = new Map<string, Buffer>();
const s3 = mockClient(S3Client);
const missing = () =>
  Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });

let a: Tenant;
let b: Tenant;
let kb: KnowledgeBaseView;
let model: Awaited<ReturnType<typeof startTestModel>>;
let queue: ReturnType<typeof fakeIngestQueue>;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'test-encryption-passphrase';
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  process.env.AWS_REGION ??= 'us-east-1';
  s3.on(HeadObjectCommand).callsFake((input: { Key: string }) => {
    const bytes = bucket.get(input.Key);
    if (!bytes) throw missing();
    return { ContentLength: bytes.length };
  });
  s3.on(GetObjectCommand).callsFake((input: { Key: string }) => {
    const bytes = bucket.get(input.Key);
    if (!bytes) throw missing();
    return {
      Body: {
        transformToByteArray: async () => new Uint8Array(bytes),
      } as unknown as GetObjectCommandOutput['Body'],
    };
  });
  s3.on(DeleteObjectCommand).callsFake((input: { Key: string }) => {
    bucket.delete(input.Key);
    return {};
  });
  await useTestTables();
  queue = fakeIngestQueue();
  model = await startTestModel();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([plugTestModel(a, model.url), plugTestModel(b, model.url)]);
  kb = (await callRoute(handler, createKnowledgeBase, { token: a.admin.token, body: { name: 'Manuais' } }))
    .body as KnowledgeBaseView;
});
afterAll(async () => {
  s3.restore();
  await model.close();
});

/** What the browser does: ask for the presigned POST, then post the file to the bucket. */
async function upload(tenant: Tenant, fileName: string, bytes: Buffer, into = kb._id) {
  const answer = await callRoute(handler, createKnowledgeUpload, {
    token: tenant.admin.token,
    params: { id: into },
    body: { file_name: fileName, size: bytes.length },
  });
  expect(answer.status).toBe(201);
  const target = answer.body as { upload_id: string; fields: Record<string, string> };
  bucket.set(target.fields.key ?? '', bytes);
  return target;
}

async function addFile(tenant: Tenant, fileName: string, bytes: Buffer) {
  const { upload_id } = await upload(tenant, fileName, bytes);
  const added = await callRoute(handler, addDocument, {
    token: tenant.admin.token,
    params: { id: kb._id },
    body: { upload_id, file_name: fileName },
  });
  expect(added.status).toBe(201);
  expect(added.body).toMatchObject({ source: 'file', status: 'pending', title: fileName });
  await queue.drain();
  const docs = (
    await callRoute(handler, listDocuments, { token: tenant.admin.token, params: { id: kb._id } })
  ).body as { documents: DocumentView[] };
  const doc = docs.documents.find((item) => item._id === (added.body as DocumentView)._id);
  if (!doc) throw new Error('document gone');
  return doc;
}

const search = async (query: string) =>
  (
    (
      await callRoute(handler, searchKnowledgeBase, {
        token: a.admin.token,
        params: { id: kb._id },
        body: { query },
      })
    ).body as { results: { title: string; excerpt: string }[] }
  ).results;

describe('PDF and DOCX knowledge sources', () => {
  it('presigns an upload under the company, pinned to the file type', async () => {
    const target = await upload(a, 'manual.pdf', pdfOf(['Oi']));
    expect(target.fields.key).toBe(`knowledge/C/${a.companyId}/${target.upload_id}.pdf`);
    expect(target.fields['Content-Type']).toBe('application/pdf');
  });

  it('extracts the text of every page of a PDF, chunks and indexes it', async () => {
    const doc = await addFile(
      a,
      'garantia.pdf',
      pdfOf([
        'Manual do aspirador Turbo 3000.',
        'A garantia do aspirador Turbo 3000 cobre defeitos de fabrica por dezoito meses.',
      ]),
    );
    expect(doc).toMatchObject({ status: 'ready', progress: 100, error: null });
    expect(doc.chunks).toBeGreaterThan(0);
    const [hit] = await search('quanto tempo de garantia tem o aspirador?');
    expect(hit).toMatchObject({ title: 'garantia.pdf' });
    expect(hit?.excerpt).toContain('dezoito meses');
  });

  it('extracts the paragraphs of a DOCX', async () => {
    const doc = await addFile(
      a,
      'politica.docx',
      await docxOf([
        'Política de devolução',
        'Devoluções de produtos lacrados são aceitas em até sete dias.',
      ]),
    );
    expect(doc).toMatchObject({ status: 'ready', progress: 100 });
    const results = await search('em quantos dias posso devolver um produto lacrado?');
    expect(results.find((hit) => hit.title === 'politica.docx')?.excerpt).toContain('sete dias');
  });

  it('refuses other types, oversized files and missing uploads with pt-BR errors naming the field', async () => {
    const presign = (body: Record<string, unknown>) =>
      callRoute(handler, createKnowledgeUpload, { token: a.admin.token, params: { id: kb._id }, body });
    expect(await presign({ file_name: 'virus.exe', size: 10 })).toMatchObject({
      status: 400,
      body: { field: 'file_name', message: expect.stringContaining(ptBR.ai.files.unsupported) },
    });
    expect(await presign({ file_name: 'grande.pdf', size: 15_728_641 })).toMatchObject({
      status: 400,
      body: {
        field: 'size',
        message: expect.stringContaining(interpolate(ptBR.upload.sizeExceeded, { n: 15 })),
      },
    });
    const notSent = await callRoute(handler, addDocument, {
      token: a.admin.token,
      params: { id: kb._id },
      body: { upload_id: 'aaaaaaaaaaaaaaaaaaaaaaaa', file_name: 'manual.pdf' },
    });
    expect(notSent).toMatchObject({
      status: 400,
      body: { field: 'upload_id', message: ptBR.ai.files.notUploaded },
    });
  });

  it('fails a PDF over the page limit, a broken file and a file without text, saying why', async () => {
    const long = await addFile(
      a,
      'longo.pdf',
      pdfOf(Array.from({ length: 301 }, (_, i) => `Pagina ${i + 1}`)),
    );
    expect(long).toMatchObject({
      status: 'failed',
      error: interpolate(ptBR.ai.files.tooManyPages, { pages: 301, max: 300 }),
    });
    const broken = await addFile(a, 'quebrado.docx', Buffer.from('isto não é um docx'));
    expect(broken).toMatchObject({
      status: 'failed',
      error: interpolate(ptBR.ai.files.unreadable, { kind: 'DOCX' }),
    });
    const blank = await addFile(a, 'vazio.pdf', pdfOf(['']));
    expect(blank).toMatchObject({ status: 'failed', error: ptBR.ai.files.noText });
  });

  it("never reads another company's upload or base, and deleting a document deletes its file", async () => {
    const theirs = await upload(a, 'interno.pdf', pdfOf(['Segredo da empresa A']));
    // Company B naming A's upload id: the key is built from B's own company, so nothing is found.
    const kbOfB = (
      await callRoute(handler, createKnowledgeBase, { token: b.admin.token, body: { name: 'B' } })
    ).body as KnowledgeBaseView;
    const stolen = await callRoute(handler, addDocument, {
      token: b.admin.token,
      params: { id: kbOfB._id },
      body: { upload_id: theirs.upload_id, file_name: 'interno.pdf' },
    });
    expect(stolen).toMatchObject({ status: 400, body: { field: 'upload_id' } });
    const intoA = await callRoute(handler, createKnowledgeUpload, {
      token: b.admin.token,
      params: { id: kb._id },
      body: { file_name: 'x.pdf', size: 10 },
    });
    expect(intoA.status).toBe(404);
    const doc = await addFile(a, 'apagar.pdf', pdfOf(['Documento para apagar']));
    const key = `knowledge/C/${a.companyId}/`;
    const before = [...bucket.keys()].filter((name) => name.startsWith(key)).length;
    await callRoute(handler, deleteDocument, {
      token: a.admin.token,
      params: { id: kb._id, documentId: doc._id },
    });
    expect([...bucket.keys()].filter((name) => name.startsWith(key))).toHaveLength(before - 1);
  });
});
