import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';

// Apart from knowledge-views.ts: the knowledge store and the assistant's answers use these alone, without the
// knowledge routes' bodies (uploads, documents) and their messages.

export const DOCUMENT_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export const DOCUMENT_SOURCES = ['text', 'url', 'file', 'faq'] as const;

export const citationView = z.object({
  document: objectId,
  knowledge_base: objectId,
  title: z.string(),
  excerpt: z.string(),
  score: z.number(),
});
export type CitationView = z.infer<typeof citationView>;
