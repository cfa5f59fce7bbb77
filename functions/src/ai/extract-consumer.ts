import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { extractDocument } from './extract-document.ts';
import { ingestMessage, KNOWLEDGE_EXTRACT_QUEUE } from './ingest-queue.ts';

/**
 * The knowledge-extract queue's consumer: one file or page document's text per message (PDF.js and mammoth
 * are loaded on a file's first use); a failed attempt is retried by the queue.
 */
export const handler = sqsConsumer({
  queueId: KNOWLEDGE_EXTRACT_QUEUE,
  schema: ingestMessage,
  companyOf: (message) => message.companyId,
  process: (message) => extractDocument(message),
});
