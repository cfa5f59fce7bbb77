import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import { Invalid } from '../lib/errors.ts';
import { chunkText } from './chunk.ts';
import { failDocument } from './document-failure.ts';
import { enqueueExtract } from './extract-queue.ts';
import type { IngestMessage } from './ingest-queue.ts';
import { markDoc, readDoc, replaceChunks } from './knowledge-store.ts';
import { embed } from './model-client.ts';
import { requireEndpoint } from './settings.ts';

/** Embeds in steps of this many chunks, writing progress after each. */
const STEP = 32;

/**
 * Processes one document: chunk, embed with the company's model, replace its chunks. A file or page document
 * not yet read goes to the extract queue first and comes back `extracted`, its text written on it. Progress
 * is written on the document as it goes; a failure is written too (and thrown, so the queue retries).
 */
export async function ingestDocument(message: IngestMessage): Promise<void> {
  const doc = await readDoc(message.companyId, message.knowledgeBase, message.document);
  if (!doc) return;
  const at = (changes: Parameters<typeof markDoc>[1]) => markDoc(doc, changes);
  try {
    const unread = Boolean(doc.file) || (doc.source === 'url' && Boolean(doc.url));
    if (unread && !message.extracted) {
      if (await at({ status: 'processing', progress: 5, error: null })) await enqueueExtract(message);
      return;
    }
    if (!unread) await at({ status: 'processing', progress: 5, error: null });
    const { text, title } = doc;
    const chunks = chunkText(text);
    if (chunks.length === 0) throw new Invalid('text', aiMessagesPtBR.emptyDocument);
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
    await failDocument(doc, error);
  }
}
