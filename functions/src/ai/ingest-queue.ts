import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const KNOWLEDGE_INGEST_QUEUE = 'knowledge-ingest';

export const ingestMessage = z.object({
  companyId: z.string().min(1),
  knowledgeBase: z.string().min(1),
  document: z.string().min(1),
});
export type IngestMessage = z.infer<typeof ingestMessage>;

export async function enqueueIngest(message: IngestMessage): Promise<void> {
  const queueUrl = config().queueUrls[KNOWLEDGE_INGEST_QUEUE];
  if (!queueUrl) throw new Error(`the ${KNOWLEDGE_INGEST_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }),
  );
}
