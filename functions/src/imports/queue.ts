import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';

export const CONTACT_IMPORT_QUEUE = 'contact-import';
export const CONTACT_EXPORT_QUEUE = 'contact-export';

/** The message of both queues: which job of which company to run. */
export const jobMessage = z.object({ companyId: z.string().min(1), jobId: z.string().min(1) });
export type JobMessage = z.infer<typeof jobMessage>;

export async function enqueueJob(queueId: string, message: JobMessage): Promise<void> {
  const queueUrl = config().queueUrls[queueId];
  if (!queueUrl) throw new Error(`the ${queueId} queue URL is not configured (QUEUE_URLS)`);
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }),
  );
}
