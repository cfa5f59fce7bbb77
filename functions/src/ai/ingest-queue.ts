import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const KNOWLEDGE_INGEST_QUEUE = 'knowledge-ingest';
/** Sent to by extract-queue.ts only; named here so its consumer need not import the sender. */
export const KNOWLEDGE_EXTRACT_QUEUE = 'knowledge-extract';

/**
 * One knowledge document to chunk and embed. A file or page document goes to the extract queue first
 * (extract-queue.ts), whose consumer writes its text on the document and sends it back here `extracted`.
 */
export const ingestMessage = z.object({
  companyId: z.string().min(1),
  knowledgeBase: z.string().min(1),
  document: z.string().min(1),
  extracted: z.literal(true).optional(),
});
export type IngestMessage = z.infer<typeof ingestMessage>;

/** The next few replays of an evaluation (evaluation.ts); the evaluation's `processed` says where it stands. */
export const evaluationMessage = z.object({
  kind: z.literal('evaluation'),
  companyId: z.string().min(1),
  evaluation: z.string().min(1),
});
export type EvaluationMessage = z.infer<typeof evaluationMessage>;

/** The AI's background work shares one queue: documents and evaluation steps, each a few minutes at most. */
export const aiJobMessage = z.union([evaluationMessage, ingestMessage]);
export type AiJobMessage = z.infer<typeof aiJobMessage>;

export async function enqueueIngest(message: AiJobMessage): Promise<void> {
  const queueUrl = config().queueUrls[KNOWLEDGE_INGEST_QUEUE];
  if (!queueUrl) throw new Error(`the ${KNOWLEDGE_INGEST_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }),
  );
}
