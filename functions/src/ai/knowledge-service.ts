import type {
  DocumentBody,
  DocumentView,
  KnowledgeBaseView,
} from '@atende/shared/contracts/ai/knowledge-views';
import { fileKindOf } from '@atende/shared/contracts/ai/knowledge-views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { aiFilesPtBR } from '@atende/shared/i18n/ai';
import { Invalid } from '../lib/errors.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { enqueueIngest } from './ingest-queue.ts';
import { checkUploaded, presignKnowledgeUpload, removeKnowledgeFile } from './knowledge-upload.ts';
import {
  countDocuments,
  type DocRecord,
  listDocs,
  listKbs,
  putDoc,
  putKb,
  removeDoc,
  removeKb,
  replaceChunks,
  requireDoc,
  requireKb,
} from './knowledge-store.ts';
import { retrieve } from './retrieval.ts';
import { requireEndpoint } from './settings.ts';

const kbView = ({
  _id,
  name,
  documents,
  created_at,
}: {
  _id: string;
  name: string;
  documents: number;
  created_at: string;
}): KnowledgeBaseView => ({
  _id,
  name,
  documents,
  created_at,
});

const docView = ({ text: _text, company: _company, file: _file, ...view }: DocRecord): DocumentView => view;

export async function listKnowledgeBases(auth: AuthContext) {
  return { knowledge_bases: (await listKbs(auth.companyId)).map(kbView) };
}

export async function createKnowledgeBase(auth: AuthContext, body: { name: string }) {
  const record = {
    _id: newObjectId(),
    company: auth.companyId,
    name: body.name,
    documents: 0,
    created_at: new Date().toISOString(),
  };
  await putKb(record);
  return kbView(record);
}

export async function deleteKnowledgeBase(auth: AuthContext, id: string) {
  await requireKb(auth.companyId, id);
  const docs = await listDocs(auth.companyId, id);
  await replaceChunks(auth.companyId, id, undefined, []);
  await Promise.all(docs.map((doc) => removeDoc(auth.companyId, id, doc._id)));
  await removeKb(auth.companyId, id);
  return { deleted: id };
}

export async function listDocuments(auth: AuthContext, kb: string) {
  await requireKb(auth.companyId, kb);
  return { documents: (await listDocs(auth.companyId, kb)).map(docView) };
}

/** What a document body becomes before processing: a FAQ pair is indexed as its question and answer. */
function sourceOf(body: DocumentBody): Pick<DocRecord, 'title' | 'source' | 'url' | 'text' | 'file'> {
  if ('upload_id' in body) {
    const kind = fileKindOf(body.file_name);
    if (!kind) throw new Invalid('file_name', aiFilesPtBR.unsupported);
    return {
      title: body.file_name,
      source: 'file',
      url: null,
      text: '',
      file: { upload_id: body.upload_id, kind },
    };
  }
  if ('question' in body)
    return { title: body.question, source: 'faq', url: null, text: `${body.question}\n${body.answer}` };
  if ('url' in body) return { title: body.title ?? '', source: 'url', url: body.url, text: '' };
  if ('file_name' in body) return { title: body.file_name, source: 'file', url: null, text: body.content };
  return { title: body.title, source: 'text', url: null, text: body.text };
}

export async function addDocument(auth: AuthContext, kb: string, body: DocumentBody): Promise<DocumentView> {
  await requireKb(auth.companyId, kb);
  await requireEndpoint(auth.companyId);
  const source = sourceOf(body);
  if (source.file) await checkUploaded(auth.companyId, source.file.upload_id, source.file.kind);
  const now = new Date().toISOString();
  const record: DocRecord = {
    _id: newObjectId(),
    company: auth.companyId,
    knowledge_base: kb,
    ...source,
    status: 'pending',
    progress: 0,
    chunks: 0,
    error: null,
    created_at: now,
    updated_at: now,
  };
  await putDoc(record);
  await countDocuments(auth.companyId, kb, 1);
  await enqueueIngest({ companyId: auth.companyId, knowledgeBase: kb, document: record._id });
  return docView(record);
}

export async function resyncDocument(auth: AuthContext, kb: string, id: string): Promise<DocumentView> {
  const doc = await requireDoc(auth.companyId, kb, id);
  const record: DocRecord = {
    ...doc,
    status: 'pending',
    progress: 0,
    error: null,
    updated_at: new Date().toISOString(),
  };
  await putDoc(record);
  await enqueueIngest({ companyId: auth.companyId, knowledgeBase: kb, document: id });
  return docView(record);
}

export async function deleteDocument(auth: AuthContext, kb: string, id: string) {
  const doc = await requireDoc(auth.companyId, kb, id);
  await removeDoc(auth.companyId, kb, id);
  await replaceChunks(auth.companyId, kb, id, []);
  if (doc.file) await removeKnowledgeFile(auth.companyId, doc.file.upload_id, doc.file.kind);
  await countDocuments(auth.companyId, kb, -1);
  return { deleted: id };
}

export async function searchKnowledgeBase(auth: AuthContext, kb: string, query: string) {
  await requireKb(auth.companyId, kb);
  const endpoint = await requireEndpoint(auth.companyId);
  return { results: await retrieve(auth.companyId, endpoint, query, [kb], 'search', 6) };
}

export async function createUpload(auth: AuthContext, kb: string, body: { file_name: string }) {
  await requireKb(auth.companyId, kb);
  return presignKnowledgeUpload(auth.companyId, body);
}
