import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import { AppError } from '../lib/errors.ts';
import { UnsafeUrl } from '../lib/safe-fetch.ts';
import { type DocRecord, markDoc } from './knowledge-store.ts';
import { ModelError } from './model-client.ts';

function failureOf(error: unknown): { reason: string; permanent: boolean } {
  if (error instanceof UnsafeUrl) return { reason: aiMessagesPtBR.errors.unsafeUrl, permanent: true };
  if (error instanceof ModelError)
    return { reason: error.userMessage, permanent: !['rate_limit', 'unavailable'].includes(error.failure) };
  if (error instanceof AppError) return { reason: error.message, permanent: true };
  return { reason: error instanceof Error ? error.message : String(error), permanent: false };
}

/**
 * A document's processing failed (reading its text, or chunking and embedding it): the reason is written on
 * the document, and a transient failure is thrown again so the queue retries; a refused address, a refused key
 * or an empty page fail the same way on every retry, so they end here.
 */
export async function failDocument(doc: DocRecord, error: unknown): Promise<void> {
  const { reason, permanent } = failureOf(error);
  await markDoc(doc, { status: 'failed', error: reason.slice(0, 300) });
  if (!permanent) throw error;
}
