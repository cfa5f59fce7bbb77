import { QUEUES } from '@atende/shared/infra/queues';
import { sqsConsumer } from '../lib/sqs-consumer.ts';
import { runEvaluationStep } from './evaluation.ts';
import { ingestDocument } from './ingest.ts';
import { aiJobMessage, KNOWLEDGE_INGEST_QUEUE } from './ingest-queue.ts';

const MAX_RECEIVES = QUEUES.find((queue) => queue.id === KNOWLEDGE_INGEST_QUEUE)?.maxReceiveCount ?? 3;

/**
 * The knowledge-ingest queue's consumer: one document, or a few replays of an evaluation, per message; a
 * failed attempt is retried by the queue.
 */
export const handler = sqsConsumer({
  queueId: KNOWLEDGE_INGEST_QUEUE,
  schema: aiJobMessage,
  companyOf: (message) => message.companyId,
  process: (message, record) =>
    'kind' in message
      ? runEvaluationStep(message, Number(record.attributes.ApproximateReceiveCount) >= MAX_RECEIVES)
      : ingestDocument(message),
});
