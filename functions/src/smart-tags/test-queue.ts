import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../lib/config.ts';
import { SMART_TAG_REFRESH_QUEUE } from './queue.ts';
import { handler as consumer } from './refresh-consumer.ts';

/**
 * Test support: the smart-tag-refresh queue as an in-memory list, drained through the real consumer, so a
 * test sees exactly what the background work leaves behind.
 */
export function fakeRefreshQueue() {
  const pending: string[] = [];
  process.env.QUEUE_URLS = JSON.stringify({ [SMART_TAG_REFRESH_QUEUE]: 'http://queue/smart-tag-refresh' });
  resetConfig();
  mockClient(SQSClient)
    .on(SendMessageCommand)
    .callsFake((input: { MessageBody: string }) => {
      pending.push(input.MessageBody);
      return { MessageId: `m-${pending.length}` };
    });
  let delivered = 0;
  const eventOf = (body: string, receiveCount = 1): SQSEvent => ({
    Records: [
      {
        messageId: `m-${(delivered += 1)}`,
        receiptHandle: 'r',
        body,
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:smart-tag-refresh',
        awsRegion: 'us-east-1',
      },
    ],
  });
  return {
    pending,
    eventOf,
    /** Delivers every queued message (and what they queue in turn) to the consumer. */
    async drain(): Promise<number> {
      let runs = 0;
      for (let body = pending.shift(); body !== undefined; body = pending.shift()) {
        const answer = await consumer(eventOf(body));
        if (answer.batchItemFailures.length > 0) throw new Error(`refresh failed for ${body}`);
        runs += 1;
      }
      return runs;
    },
  };
}
