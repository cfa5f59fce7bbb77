import { failDocument } from './document-failure.ts';
import { extractFileText, readKnowledgeFile } from './extract.ts';
import { enqueueIngest, type IngestMessage } from './ingest-queue.ts';
import { markDoc, readDoc } from './knowledge-store.ts';
import { fetchPage } from './page-text.ts';

/**
 * Reads a file or page document's text (the PDF/DOCX in the media bucket, or the page at its URL), writes it
 * on the document and sends the document back to the ingest queue to be chunked and embedded. A failure is
 * written on the document like any other processing failure (document-failure.ts).
 */
export async function extractDocument(message: IngestMessage): Promise<void> {
  const doc = await readDoc(message.companyId, message.knowledgeBase, message.document);
  if (!doc) return;
  try {
    if (doc.file) {
      const bytes = await readKnowledgeFile(doc.company, doc.file.upload_id, doc.file.kind);
      if (!(await markDoc(doc, { progress: 10 }))) return;
      const text = await extractFileText(doc.file.kind, bytes);
      if (!(await markDoc(doc, { text, progress: 20 }))) return;
    } else if (doc.source === 'url' && doc.url) {
      const page = await fetchPage(doc.url);
      const title = doc.title || page.title || doc.url;
      if (!(await markDoc(doc, { text: page.text, title, progress: 20 }))) return;
    }
    await enqueueIngest({
      companyId: doc.company,
      knowledgeBase: doc.knowledge_base,
      document: doc._id,
      extracted: true,
    });
  } catch (error) {
    await failDocument(doc, error);
  }
}
