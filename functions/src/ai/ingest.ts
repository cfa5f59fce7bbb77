import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiPtBR } from '@atende/shared/i18n/pt-BR';
import sanitizeHtml from 'sanitize-html';
import { config } from '../lib/config.ts';
import { AppError, Invalid } from '../lib/errors.ts';
import { safeFetch, UnsafeUrl } from '../lib/safe-fetch.ts';
import { chunkText } from './chunk.ts';
import { extractFileText, readKnowledgeFile } from './extract.ts';
import type { IngestMessage } from './ingest-queue.ts';
import { markDoc, readDoc, replaceChunks } from './knowledge-store.ts';
import { embed, ModelError } from './model-client.ts';
import { requireEndpoint } from './settings.ts';

const allowLocal = () => ['local', 'test'].includes(config().stage);

/** A page's readable text: tags and script/style contents dropped, block ends kept as line breaks. */
export function htmlToText(html: string): { title: string; text: string } {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const withBreaks = html.replace(/<\/(p|div|li|h[1-6]|tr|section|article)>|<br\s*\/?>/gi, '\n\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text };
}

async function fetchPage(url: string): Promise<{ title: string; text: string }> {
  const response = await safeFetch(
    { method: 'GET', url, headers: { accept: 'text/html,text/plain' } },
    { allowLocal: allowLocal(), timeoutMs: 15_000 },
  );
  if (response.status < 200 || response.status >= 300)
    throw new Error(interpolate(aiPtBR.fetchFailed, { detail: `HTTP ${response.status}` }));
  const type = response.headers['content-type'] ?? '';
  return type.includes('html') ? htmlToText(response.body) : { title: '', text: response.body };
}

/** Embeds in steps of this many chunks, writing progress after each. */
const STEP = 32;

/**
 * Processes one document: fetch (URL), chunk, embed with the company's model, replace its chunks. Progress is
 * written on the document as it goes; a failure is written too (and thrown, so the queue retries).
 */
export async function ingestDocument(message: IngestMessage): Promise<void> {
  const doc = await readDoc(message.companyId, message.knowledgeBase, message.document);
  if (!doc) return;
  const at = (changes: Parameters<typeof markDoc>[1]) => markDoc(doc, changes);
  try {
    await at({ status: 'processing', progress: 5, error: null });
    let { text, title } = doc;
    if (doc.file) {
      const bytes = await readKnowledgeFile(doc.company, doc.file.upload_id, doc.file.kind);
      await at({ progress: 10 });
      text = await extractFileText(doc.file.kind, bytes);
      await at({ text, progress: 20 });
    } else if (doc.source === 'url' && doc.url) {
      const page = await fetchPage(doc.url);
      text = page.text;
      title = doc.title || page.title || doc.url;
      await at({ text, title, progress: 20 });
    }
    const chunks = chunkText(text);
    if (chunks.length === 0) throw new Invalid('text', aiPtBR.emptyDocument);
    const endpoint = await requireEndpoint(doc.company);
    const vectors: number[][] = [];
    for (let start = 0; start < chunks.length; start += STEP) {
      const batch = chunks.slice(start, start + STEP).map((chunk) => `${title}\n${chunk}`);
      vectors.push(...(await embed(endpoint, batch, { companyId: doc.company, feature: 'ingest' })));
      if (!(await at({ progress: 20 + Math.round((75 * vectors.length) / chunks.length) }))) return;
    }
    await replaceChunks(
      doc.company,
      doc.knowledge_base,
      doc._id,
      chunks.map((chunk, index) => ({
        kb: doc.knowledge_base,
        doc: doc._id,
        title,
        text: chunk,
        embedding: vectors[index] ?? [],
      })),
    );
    await at({ status: 'ready', progress: 100, chunks: chunks.length });
  } catch (error) {
    const { reason, permanent } = failureOf(error);
    await at({ status: 'failed', error: reason.slice(0, 300) });
    // A refused address, a refused key or an empty page fail the same way on every retry.
    if (!permanent) throw error;
  }
}

function failureOf(error: unknown): { reason: string; permanent: boolean } {
  if (error instanceof UnsafeUrl) return { reason: aiPtBR.errors.unsafeUrl, permanent: true };
  if (error instanceof ModelError)
    return { reason: error.userMessage, permanent: !['rate_limit', 'unavailable'].includes(error.failure) };
  if (error instanceof AppError) return { reason: error.message, permanent: true };
  return { reason: error instanceof Error ? error.message : String(error), permanent: false };
}
