import { GetObjectCommand } from '@aws-sdk/client-s3';
import {
  KNOWLEDGE_PDF_MAX_PAGES,
  type KnowledgeFileKind,
  MAX_DOCUMENT_CHARS,
} from '@atende/shared/contracts/ai/knowledge-views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiFilesPtBR } from '@atende/shared/i18n/ai';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
import { s3Client } from '../lib/s3-client.ts';
import { knowledgeFileKey } from './keys.ts';

const files = aiFilesPtBR;

export async function readKnowledgeFile(
  companyId: string,
  uploadId: string,
  kind: KnowledgeFileKind,
): Promise<Uint8Array> {
  try {
    const object = await s3Client().send(
      new GetObjectCommand({
        Bucket: config().mediaBucket,
        Key: knowledgeFileKey(companyId, uploadId, kind),
      }),
    );
    const bytes = await object.Body?.transformToByteArray();
    if (bytes) return bytes;
  } catch {
    // A missing object (deleted, never uploaded) reads as not uploaded, like an empty one.
  }
  throw new Invalid('upload_id', files.notUploaded);
}

/**
 * The readable text of a PDF (page by page) or a DOCX (its paragraphs). The parsers are imported here, on
 * first use, so only the ingest Lambda carries them, and only a file's first processing pays their load.
 * An encrypted, broken or scanned (image-only) file fails with a message the admin can act on.
 */
export async function extractFileText(kind: KnowledgeFileKind, bytes: Uint8Array): Promise<string> {
  const unreadable = () => new Invalid('file', interpolate(files.unreadable, { kind: kind.toUpperCase() }));
  let text: string;
  if (kind === 'pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes)).catch(() => {
      throw unreadable();
    });
    try {
      if (pdf.numPages > KNOWLEDGE_PDF_MAX_PAGES)
        throw new Invalid(
          'file',
          interpolate(files.tooManyPages, { pages: pdf.numPages, max: KNOWLEDGE_PDF_MAX_PAGES }),
        );
      text = (await extractText(pdf, { mergePages: false })).text.join('\n\n');
    } finally {
      await pdf.loadingTask.destroy();
    }
  } else {
    const mammoth = await import('mammoth');
    text = (
      await mammoth.extractRawText({ buffer: Buffer.from(bytes) }).catch(() => {
        throw unreadable();
      })
    ).value;
  }
  const trimmed = text.replace(/[ \t]+\n/g, '\n').trim();
  if (!trimmed) throw new Invalid('file', files.noText);
  if (trimmed.length > MAX_DOCUMENT_CHARS)
    throw new Invalid(
      'file',
      interpolate(files.tooMuchText, { max: MAX_DOCUMENT_CHARS.toLocaleString('pt-BR') }),
    );
  return trimmed;
}
