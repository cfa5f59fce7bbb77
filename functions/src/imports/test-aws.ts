import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { ENV } from '@atende/shared/infra/env';
import { resetConfig } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { startFakeS3 } from '../testing/fake-s3.ts';
import { jobMessage, type JobMessage } from './queue.ts';

/**
 * Test support: S3 and SQS as in-memory fakes (the bucket's objects, served over HTTP to the presigned
 * requests, and each queue's sent messages), so the import and export consumers run for real against
 * DynamoDB Local.
 */
export async function fakeAws() {
  const objects = new Map<string, Uint8Array>();
  const sent = new Map<string, JobMessage[]>();
  const s3 = await startFakeS3(objects);
  process.env[ENV.s3Endpoint] = s3.endpoint;
  process.env[ENV.s3ForcePathStyle] = 'true';
  process.env.QUEUE_URLS = JSON.stringify({
    'contact-import': 'http://queue/contact-import',
    'contact-export': 'http://queue/contact-export',
  });
  resetConfig();
  mockClient(SQSClient)
    .on(SendMessageCommand)
    .callsFake((input: { QueueUrl: string; MessageBody: string }) => {
      const queue = input.QueueUrl.split('/').pop() as string;
      sent.set(queue, [...(sent.get(queue) ?? []), jobMessage.parse(JSON.parse(input.MessageBody))]);
      return { MessageId: 'm' };
    });
  return { objects, sent, s3 };
}

export const sqsEventOf = (message: JobMessage, receiveCount = 1): SQSEvent => ({
  Records: [
    {
      messageId: `m-${message.jobId}-${receiveCount}`,
      receiptHandle: 'r',
      body: JSON.stringify(message),
      attributes: {
        ApproximateReceiveCount: String(receiveCount),
        SentTimestamp: String(Date.now()),
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:contact-import',
      awsRegion: 'us-east-1',
    },
  ],
});

/**
 * Runs a queue consumer on one event and fails with the error it logged when a record failed (the consumer
 * answers a batch item failure and only logs why, so a bare call would hide the reason).
 */
export async function consumeOnce(
  consumer: (event: SQSEvent) => Promise<SQSBatchResponse>,
  event: SQSEvent,
): Promise<void> {
  const warnings: unknown[] = [];
  const original = logger.warn;
  logger.warn = (message, fields) => {
    warnings.push({ message, ...fields });
    original(message, fields);
  };
  try {
    const answer = await consumer(event);
    if (answer.batchItemFailures.length > 0) {
      throw new Error(`the consumer failed a record: ${JSON.stringify(warnings)}`);
    }
  } finally {
    logger.warn = original;
  }
}
