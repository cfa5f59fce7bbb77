import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DOCUMENT_SOURCES, DOCUMENT_STATUSES } from '@atende/shared/contracts/ai/knowledge-fields';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchWrite } from '../lib/dynamo/batch-write.ts';
import { NotFound } from '../lib/errors.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { aiKeys } from './keys.ts';

const table = () => config().mainTable;

export const kbRecord = z.object({
  _id: z.string(),
  company: z.string(),
  name: z.string(),
  documents: z.number(),
  created_at: z.string(),
});
export type KbRecord = z.infer<typeof kbRecord>;

export const docRecord = z.object({
  _id: z.string(),
  company: z.string(),
  knowledge_base: z.string(),
  title: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  url: z.string().nullable(),
  /** The text to index (absent for a URL or an uploaded file until fetched or extracted; a re-sync does it again). */
  text: z.string(),
  /** An uploaded PDF or DOCX in the media bucket, whose text is extracted in the background. */
  file: z.object({ upload_id: z.string(), kind: z.enum(['pdf', 'docx']) }).optional(),
  status: z.enum(DOCUMENT_STATUSES),
  progress: z.number(),
  chunks: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocRecord = z.infer<typeof docRecord>;

export const chunkRecord = z.object({
  sk: z.string(),
  kb: z.string(),
  doc: z.string(),
  title: z.string(),
  text: z.string(),
  embedding: z.array(z.number()),
});
export type ChunkRecord = z.infer<typeof chunkRecord>;

export async function listKbs(companyId: string): Promise<KbRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_exists(#id)',
    ExpressionAttributeNames: { '#id': '_id' },
    ExpressionAttributeValues: { ':pk': aiKeys.kbPartition(companyId) },
  });
  return items.map((item) => kbRecord.parse(item));
}

export async function requireKb(companyId: string, id: string): Promise<KbRecord> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: table(), Key: aiKeys.kb(companyId, id) }),
  );
  if (!answer.Item) throw new NotFound(aiMessagesPtBR.knowledgeBaseNotFound);
  return kbRecord.parse(answer.Item);
}

export async function putKb(record: KbRecord): Promise<void> {
  await clients().document.send(
    new PutCommand({ TableName: table(), Item: { ...aiKeys.kb(record.company, record._id), ...record } }),
  );
}

export async function removeKb(companyId: string, id: string): Promise<void> {
  await clients().document.send(new DeleteCommand({ TableName: table(), Key: aiKeys.kb(companyId, id) }));
}

export async function countDocuments(companyId: string, kb: string, delta: number): Promise<void> {
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: aiKeys.kb(companyId, kb),
      UpdateExpression: 'ADD documents :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    }),
  );
}

export async function listDocs(companyId: string, kb: string): Promise<DocRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': aiKeys.docPartition(companyId, kb) },
  });
  return items.map((item) => docRecord.parse(item));
}

export async function readDoc(companyId: string, kb: string, id: string): Promise<DocRecord | undefined> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: table(), Key: aiKeys.doc(companyId, kb, id), ConsistentRead: true }),
  );
  return answer.Item ? docRecord.parse(answer.Item) : undefined;
}

export async function requireDoc(companyId: string, kb: string, id: string): Promise<DocRecord> {
  const doc = await readDoc(companyId, kb, id);
  if (!doc) throw new NotFound(aiMessagesPtBR.documentNotFound);
  return doc;
}

export async function putDoc(record: DocRecord): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { ...aiKeys.doc(record.company, record.knowledge_base, record._id), ...record },
    }),
  );
}

/** Progress and outcome of processing; only while the document still exists (a deleted one stays gone). */
export async function markDoc(
  record: Pick<DocRecord, 'company' | 'knowledge_base' | '_id'>,
  changes: Partial<Pick<DocRecord, 'status' | 'progress' | 'chunks' | 'error' | 'text' | 'title'>>,
): Promise<boolean> {
  const entries = Object.entries({ ...changes, updated_at: new Date().toISOString() });
  return clients()
    .document.send(
      new UpdateCommand({
        TableName: table(),
        Key: aiKeys.doc(record.company, record.knowledge_base, record._id),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(
          entries.map(([, value], index) => [`:v${index}`, value]),
        ),
      }),
    )
    .then(
      () => true,
      () => false,
    );
}

export async function removeDoc(companyId: string, kb: string, id: string): Promise<void> {
  await clients().document.send(
    new DeleteCommand({ TableName: table(), Key: aiKeys.doc(companyId, kb, id) }),
  );
}

export async function listChunks(companyId: string, prefix?: string): Promise<ChunkRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: {
      ':pk': aiKeys.chunkPartition(companyId),
      ...(prefix ? { ':prefix': prefix } : {}),
    },
  });
  return items.map((item) => chunkRecord.parse(item));
}

/** Replaces a document's chunks (or a whole base's, with no doc) and bumps the company's index revision. */
export async function replaceChunks(
  companyId: string,
  kb: string,
  doc: string | undefined,
  chunks: readonly Omit<ChunkRecord, 'sk'>[],
): Promise<void> {
  const old = await listChunks(companyId, aiKeys.chunkPrefix(kb, doc));
  const fresh = chunks.map((chunk, index) => ({
    ...aiKeys.chunk(companyId, kb, chunk.doc, index),
    ...chunk,
  }));
  const keep = new Set(fresh.map((item) => item.sk));
  await batchWrite([
    ...fresh.map((item) => ({ PutRequest: { Item: item } })),
    ...old
      .filter((item) => !keep.has(item.sk))
      .map((item) => ({ DeleteRequest: { Key: { pk: aiKeys.chunkPartition(companyId), sk: item.sk } } })),
  ]);
  await clients().document.send(
    new UpdateCommand({
      TableName: table(),
      Key: aiKeys.revision(companyId),
      UpdateExpression: 'ADD revision :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}
