import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { ingestDocument } from './ingest.ts';
import { ingestMessage, KNOWLEDGE_INGEST_QUEUE } from './ingest-queue.ts';

/** The knowledge-ingest queue's consumer: one document per message; a failed attempt is retried by the queue. */
export const handler = sqsConsumer({
  queueId: KNOWLEDGE_INGEST_QUEUE,
  schema: ingestMessage,
  companyOf: (message) => message.companyId,
  process: (message) => ingestDocument(message),
});
