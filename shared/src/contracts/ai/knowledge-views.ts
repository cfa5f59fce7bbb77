import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { formsPtBR, uploadPtBR } from '../../i18n/pt-BR.ts';
import { aiFilesPtBR, aiMessagesPtBR } from '../../i18n/ai.ts';
import { DOCUMENT_SOURCES, DOCUMENT_STATUSES } from './knowledge-fields.ts';

const required = formsPtBR.requiredField;

export const knowledgeBaseBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(80),
});
export const knowledgeBaseView = z.object({
  _id: objectId,
  name: z.string(),
  documents: z.number(),
  created_at: z.string(),
});
export type KnowledgeBaseView = z.infer<typeof knowledgeBaseView>;

/** Largest text a document may hold (about 60 pages). */
export const MAX_DOCUMENT_CHARS = 200_000;

const title = z.string({ error: required }).trim().min(1, required).max(200);

/** PDF and DOCX files go to the bucket first (presigned POST), then their text is extracted in the background. */
export const KNOWLEDGE_FILE_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type KnowledgeFileKind = keyof typeof KNOWLEDGE_FILE_TYPES;
/** Largest PDF or DOCX accepted: the spec's media upload limit (15 MB). */
export const KNOWLEDGE_FILE_MAX_BYTES = 15_728_640;
export const KNOWLEDGE_FILE_MAX_MB = 15;
/** Most pages a PDF may have (a 300-page manual is about the text limit). */
export const KNOWLEDGE_PDF_MAX_PAGES = 300;

const binaryFileName = z
  .string({ error: required })
  .trim()
  .max(200)
  .regex(/\.(pdf|docx)$/i, aiFilesPtBR.unsupported);

export const knowledgeUploadBody = z.object({
  file_name: binaryFileName,
  size: z
    .number({ error: required })
    .int()
    .min(1, aiFilesPtBR.empty)
    .max(KNOWLEDGE_FILE_MAX_BYTES, interpolate(uploadPtBR.sizeExceeded, { n: KNOWLEDGE_FILE_MAX_MB })),
});
/** A presigned POST: `fields` first in the multipart form, then the file; the policy pins key, type and size. */
export const knowledgeUploadView = z.object({
  upload_id: objectId,
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  max_bytes: z.number(),
});

export const fileKindOf = (fileName: string): KnowledgeFileKind | undefined => {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'pdf' || extension === 'docx' ? extension : undefined;
};

/**
 * One of: a text, a URL to fetch, a TXT/Markdown file (read as text), a FAQ pair, or an uploaded PDF/DOCX
 * (its upload id from POST /knowledge-bases/{id}/uploads).
 */
export const documentBody = z.union([
  z.object({ title, text: z.string({ error: required }).trim().min(1, required).max(MAX_DOCUMENT_CHARS) }),
  z.object({
    url: z.string({ error: required }).trim().url(aiMessagesPtBR.invalidUrl).max(1000),
    title: title.optional(),
  }),
  z.object({
    file_name: z
      .string({ error: required })
      .trim()
      .regex(/\.(txt|md|markdown)$/i, aiMessagesPtBR.unsupportedFile)
      .max(200),
    content: z.string({ error: required }).min(1, required).max(MAX_DOCUMENT_CHARS),
  }),
  z.object({
    question: z.string({ error: required }).trim().min(1, required).max(1000),
    answer: z.string({ error: required }).trim().min(1, required).max(5000),
  }),
  z.object({ upload_id: objectId, file_name: binaryFileName }),
]);
export type DocumentBody = z.infer<typeof documentBody>;

export const documentView = z.object({
  _id: objectId,
  knowledge_base: objectId,
  title: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  url: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  /** 0–100 while processing. */
  progress: z.number(),
  chunks: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentView = z.infer<typeof documentView>;

export const kbParams = z.object({ id: objectId });
export const documentParams = z.object({ id: objectId, documentId: objectId });

export const searchBody = z.object({
  query: z.string({ error: required }).trim().min(1, required).max(1000),
});
