import { create, insertMultiple, type Orama, search } from '@orama/orama';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CitationView } from '@atende/shared/contracts/ai/knowledge-fields';
import { clients, onResetClients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { embed, type ModelEndpoint } from './model-client.ts';
import { listChunks, type ChunkRecord } from './knowledge-store.ts';
import { aiKeys } from './keys.ts';
import { normalize } from './text-features.ts';
import type { AiFeature } from './usage.ts';

/**
 * Hybrid retrieval (BM25 full text + vector cosine) with Orama, one in-memory index per company built from
 * the company's chunk items and kept while the company's index revision is unchanged. Chunks and vectors are
 * persisted in DynamoDB (one partition per company), so a cold container rebuilds the index with one Query.
 * Sized for up to some tens of thousands of chunks per company (see the bench); beyond that the index moves
 * to a managed vector store (OpenSearch Serverless or S3 Vectors) behind this same function.
 */
type Index = Orama<{
  text: 'string';
  search: 'string';
  title: 'string';
  kb: 'enum';
  doc: 'string';
  embedding: `vector[${number}]`;
}>;

interface Cached {
  revision: number;
  index: Index | undefined;
}

const cache = new Map<string, Cached>();
onResetClients(() => cache.clear());

export async function readRevision(companyId: string): Promise<number> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: aiKeys.revision(companyId), ConsistentRead: true }),
  );
  return typeof answer.Item?.revision === 'number' ? answer.Item.revision : 0;
}

/** Builds an index over chunks (exported for the bench). */
export async function buildIndex(chunks: readonly ChunkRecord[]): Promise<Index | undefined> {
  const dimensions = chunks[0]?.embedding.length;
  if (!dimensions) return undefined;
  const index = create({
    schema: {
      text: 'string',
      search: 'string',
      title: 'string',
      kb: 'enum',
      doc: 'string',
      embedding: `vector[${dimensions}]`,
    },
  }) as Index;
  await insertMultiple(
    index,
    chunks
      .filter((chunk) => chunk.embedding.length === dimensions)
      .map((chunk) => ({
        id: chunk.sk,
        text: chunk.text,
        search: normalize(`${chunk.title}\n${chunk.text}`),
        title: chunk.title,
        kb: chunk.kb,
        doc: chunk.doc,
        embedding: chunk.embedding,
      })),
  );
  return index;
}

async function companyIndex(companyId: string): Promise<Index | undefined> {
  const revision = await readRevision(companyId);
  const cached = cache.get(companyId);
  if (cached && cached.revision === revision) return cached.index;
  const index = await buildIndex(await listChunks(companyId));
  cache.set(companyId, { revision, index });
  return index;
}

/** Hybrid search of a built index, restricted to some knowledge bases. */
export async function searchIndex(
  index: Index,
  query: string,
  vector: number[],
  knowledgeBases: readonly string[],
  limit: number,
): Promise<CitationView[]> {
  const results = await search(index, {
    mode: 'hybrid',
    term: normalize(query),
    properties: ['search'],
    vector: { value: vector, property: 'embedding' },
    similarity: 0.1,
    where: { kb: { in: [...knowledgeBases] } },
    limit,
  });
  return results.hits.map((hit) => ({
    document: hit.document.doc,
    knowledge_base: hit.document.kb as string,
    title: hit.document.title,
    excerpt: hit.document.text,
    score: Math.round(hit.score * 1000) / 1000,
  }));
}

/** The passages of the given knowledge bases (of this company only) that best match the query. */
export async function retrieve(
  companyId: string,
  endpoint: ModelEndpoint,
  query: string,
  knowledgeBases: readonly string[],
  feature: AiFeature,
  limit = 4,
): Promise<CitationView[]> {
  if (knowledgeBases.length === 0) return [];
  const index = await companyIndex(companyId);
  if (!index) return [];
  const [vector] = await embed(endpoint, [query], { companyId, feature });
  return searchIndex(index, query, vector ?? [], knowledgeBases, limit);
}
