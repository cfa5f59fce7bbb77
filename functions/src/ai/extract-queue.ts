import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';
import { type IngestMessage, KNOWLEDGE_EXTRACT_QUEUE } from './ingest-queue.ts';

/**
 * A file or page document whose text is still to be read. The readers (PDF.js, mammoth, the HTML sanitizer and
 * the S3 client, about 2 MB minified) live in this queue's consumer alone, so the ingest consumer, which chunks
 * and embeds every document and replays evaluations, stays small.
 */
export async function enqueueExtract(message: Omit<IngestMessage, 'extracted'>): Promise<void> {
  const queueUrl = config().queueUrls[KNOWLEDGE_EXTRACT_QUEUE];
  if (!queueUrl) throw new Error(`the ${KNOWLEDGE_EXTRACT_QUEUE} queue URL is not configured (QUEUE_URLS)`);
  const { companyId, knowledgeBase, document } = message;
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify({ companyId, knowledgeBase, document }),
    }),
  );
}
