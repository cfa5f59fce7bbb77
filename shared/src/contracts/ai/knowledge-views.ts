import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { ptBR } from '../../i18n/pt-BR.ts';

const required = ptBR.forms.requiredField;

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

export const DOCUMENT_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export const DOCUMENT_SOURCES = ['text', 'url', 'file', 'faq'] as const;

/** Largest text a document may hold (about 60 pages). */
export const MAX_DOCUMENT_CHARS = 200_000;

const title = z.string({ error: required }).trim().min(1, required).max(200);

/** One of: a text, a URL to fetch, an uploaded TXT/Markdown file (read as text), or a FAQ pair. */
export const documentBody = z.union([
  z.object({ title, text: z.string({ error: required }).trim().min(1, required).max(MAX_DOCUMENT_CHARS) }),
  z.object({
    url: z.string({ error: required }).trim().url(ptBR.ai.invalidUrl).max(1000),
    title: title.optional(),
  }),
  z.object({
    file_name: z
      .string({ error: required })
      .trim()
      .regex(/\.(txt|md|markdown)$/i, ptBR.ai.unsupportedFile)
      .max(200),
    content: z.string({ error: required }).min(1, required).max(MAX_DOCUMENT_CHARS),
  }),
  z.object({
    question: z.string({ error: required }).trim().min(1, required).max(1000),
    answer: z.string({ error: required }).trim().min(1, required).max(5000),
  }),
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
export const citationView = z.object({
  document: objectId,
  knowledge_base: objectId,
  title: z.string(),
  excerpt: z.string(),
  score: z.number(),
});
export type CitationView = z.infer<typeof citationView>;
