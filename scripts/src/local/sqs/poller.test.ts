import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordsToKeep, startQueuePoller } from './poller.ts';
import { type TestSqs, startTestSqs } from './test-server.ts';

let local: TestSqs;
let stops: Array<() => Promise<void>>;

beforeEach(async () => {
  local = await startTestSqs();
  stops = [];
});

afterEach(async () => {
  for (const stop of stops) await stop();
  await local.stop();
});

async function createQueue(name: string, attributes: Record<string, string> = {}): Promise<string> {
  const { QueueUrl = '' } = await local.client.send(
    new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
  );
  return QueueUrl;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function messagesLeft(queueUrl: string): Promise<number> {
  const { Attributes = {} } = await local.client.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible)
  );
}

function record(messageId: string, group?: string): SQSRecord {
  return {
    messageId,
    receiptHandle: `handle-${messageId}`,
    body: messageId,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '1',
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: '1',
      ...(group !== undefined && { MessageGroupId: group }),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q.fifo',
    awsRegion: 'us-east-1',
  };
}

describe('queue poller', () => {
  it('hands the handler a Lambda-shaped SQS event', async () => {
    const url = await createQueue('shape');
    const events: SQSEvent[] = [];
    const poller = startQueuePoller({
      endpoint: local.endpoint,
      waitTimeSeconds: 1,
      queues: [{ queueUrl: url, batchSize: 10, handler: async (event) => void events.push(event) }],
    });
    stops.push(() => poller.stop());
    await local.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: '{"hello":true}',
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'greeting' } },
      }),
    );
    await until(() => events.length > 0);
    const [first] = events[0]?.Records ?? [];
    expect(first).toMatchObject({
      body: '{"hello":true}',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:shape',
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1', SenderId: '000000000000' },
      messageAttributes: {
        kind: { dataType: 'String', stringValue: 'greeting', stringListValues: [], binaryListValues: [] },
      },
    });
    expect(Number(first?.attributes.SentTimestamp)).toBeGreaterThan(0);
    await until(async () => (await messagesLeft(url)) === 0);
  });

  it('deletes the records that succeeded and leaves the reported failures to come back', async () => {
    const url = await createQueue('partial', { VisibilityTimeout: '1' });
    const deliveries: Array<{ body: string; receiveCount: string }> = [];
    let failedOnce = false;
    const poller = startQueuePoller({
      endpoint: local.endpoint,
      waitTimeSeconds: 1,
      queues: [
        {
          queueUrl: url,
          batchSize: 10,
          handler: async (event) => {
            const failures = [];
            for (const item of event.Records) {
              deliveries.push({ body: item.body, receiveCount: item.attributes.ApproximateReceiveCount });
              if (item.body === 'bad' && !failedOnce) {
                failedOnce = true;
                failures.push({ itemIdentifier: item.messageId });
              }
            }
            return { batchItemFailures: failures };
          },
        },
      ],
    });
    stops.push(() => poller.stop());
    for (const body of ['good-1', 'bad', 'good-2']) {
      await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
    }
    await until(() =>
      deliveries.some((delivery) => delivery.body === 'bad' && delivery.receiveCount === '2'),
    );
    await until(async () => (await messagesLeft(url)) === 0);
    expect(deliveries.filter((delivery) => delivery.body.startsWith('good'))).toHaveLength(2);
    expect(
      deliveries.filter((delivery) => delivery.body === 'bad').map((delivery) => delivery.receiveCount),
    ).toEqual(['1', '2']);
  });

  it('leaves the whole batch when the handler throws', async () => {
    const url = await createQueue('throwing', { VisibilityTimeout: '1' });
    const receiveCounts: string[] = [];
    const errors: unknown[] = [];
    const poller = startQueuePoller({
      endpoint: local.endpoint,
      waitTimeSeconds: 1,
      onError: (error) => errors.push(error),
      queues: [
        {
          queueUrl: url,
          batchSize: 10,
          handler: async (event) => {
            receiveCounts.push(...event.Records.map((item) => item.attributes.ApproximateReceiveCount));
            if (receiveCounts.length <= 2) throw new Error('handler failed');
          },
        },
      ],
    });
    stops.push(() => poller.stop());
    await local.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'one', MessageBody: 'one' },
          { Id: 'two', MessageBody: 'two' },
        ],
      }),
    );
    await until(() => receiveCounts.length >= 4);
    await until(async () => (await messagesLeft(url)) === 0);
    expect(receiveCounts.slice(2)).toEqual(['2', '2']);
    expect(errors).toEqual([expect.objectContaining({ message: 'handler failed' })]);
  });

  it('stops promptly while a long poll is waiting', async () => {
    const url = await createQueue('idle');
    const poller = startQueuePoller({
      endpoint: local.endpoint,
      waitTimeSeconds: 20,
      queues: [{ queueUrl: url, batchSize: 1, handler: async () => undefined }],
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await poller.stop();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('recordsToKeep', () => {
  it('keeps only the reported failures on standard queues', () => {
    const records = [record('1'), record('2'), record('3')];
    expect([...recordsToKeep(records, { batchItemFailures: [{ itemIdentifier: '2' }] }, false)]).toEqual([
      '2',
    ]);
    expect([...recordsToKeep(records, undefined, false)]).toEqual([]);
  });

  it('keeps every later record of a FIFO group after its first failure', () => {
    const records = [
      record('a1', 'a'),
      record('b1', 'b'),
      record('a2', 'a'),
      record('a3', 'a'),
      record('b2', 'b'),
    ];
    const keep = recordsToKeep(records, { batchItemFailures: [{ itemIdentifier: 'a2' }] }, true);
    expect([...keep].sort()).toEqual(['a2', 'a3']);
  });

  it('treats an unknown item identifier as a failure of the whole batch', () => {
    expect(() =>
      recordsToKeep([record('1')], { batchItemFailures: [{ itemIdentifier: 'other' }] }, false),
    ).toThrow(/not a record of the batch/);
  });
});
