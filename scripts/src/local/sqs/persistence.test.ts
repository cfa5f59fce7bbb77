import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestSqs, startTestSqs } from './test-server.ts';

let local: TestSqs;

beforeEach(async () => {
  local = await startTestSqs();
});

afterEach(async () => {
  await local.stop();
});

describe('local SQS persistence', () => {
  it('keeps queues, messages and deduplication ids across a restart, with in-flight messages visible again', async () => {
    const { QueueUrl: url } = await local.client.send(
      new CreateQueueCommand({
        QueueName: 'kept.fifo',
        Attributes: { FifoQueue: 'true', VisibilityTimeout: '600' },
      }),
    );
    const sent = await local.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'survives',
        MessageGroupId: 'g',
        MessageDeduplicationId: 'd1',
      }),
    );
    await local.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'second',
        MessageGroupId: 'g',
        MessageDeduplicationId: 'd2',
      }),
    );
    const first = await local.client.send(new ReceiveMessageCommand({ QueueUrl: url }));
    expect(first.Messages?.[0]?.Body).toBe('survives');

    await local.restart();

    const { Attributes = {} } = await local.client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['VisibilityTimeout', 'FifoQueue'] }),
    );
    expect(Attributes).toEqual({ VisibilityTimeout: '600', FifoQueue: 'true' });
    const duplicate = await local.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'dup',
        MessageGroupId: 'g',
        MessageDeduplicationId: 'd1',
      }),
    );
    expect(duplicate.MessageId).toBe(sent.MessageId);
    const again = await local.client.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 10,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    expect(again.Messages?.map((message) => message.Body)).toEqual(['survives', 'second']);
    expect(again.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');
  });

  it('serves queues declared with ensureQueue, creating the dead-letter queue', async () => {
    const url = await local.sqs.ensureQueue({
      name: 'work',
      fifo: false,
      visibilityTimeoutSeconds: 45,
      redrive: { deadLetterQueueName: 'work-dlq', maxReceiveCount: 3 },
    });
    expect(url).toBe(`${local.endpoint}/000000000000/work`);
    await local.restart();
    const { Attributes = {} } = await local.client.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['VisibilityTimeout', 'RedrivePolicy'],
      }),
    );
    expect(Attributes.VisibilityTimeout).toBe('45');
    expect(JSON.parse(Attributes.RedrivePolicy ?? '{}')).toEqual({
      deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:work-dlq',
      maxReceiveCount: 3,
    });
    expect(await local.sqs.ensureQueue({ name: 'work', fifo: false, visibilityTimeoutSeconds: 45 })).toBe(
      url,
    );
  });
});
