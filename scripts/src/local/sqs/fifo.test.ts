import {
  CreateQueueCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestSqs, startTestSqs } from './test-server.ts';

let local: TestSqs;
let url: string;

beforeEach(async () => {
  local = await startTestSqs();
  const created = await local.client.send(
    new CreateQueueCommand({
      QueueName: 'events.fifo',
      Attributes: { FifoQueue: 'true', VisibilityTimeout: '30' },
    }),
  );
  url = created.QueueUrl ?? '';
});

afterEach(async () => {
  await local.stop();
});

const send = (body: string, group: string, deduplicationId = body) =>
  local.client.send(
    new SendMessageCommand({
      QueueUrl: url,
      MessageBody: body,
      MessageGroupId: group,
      MessageDeduplicationId: deduplicationId,
    }),
  );

async function receive(max = 10, queueUrl = url): Promise<Message[]> {
  const { Messages = [] } = await local.client.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: max,
      MessageSystemAttributeNames: ['All'],
    }),
  );
  return Messages;
}

const bodies = (messages: Message[]) => messages.map((message) => message.Body);

describe('local SQS, FIFO queues', () => {
  it('delivers each group in send order with sequence numbers', async () => {
    const sent = [await send('a1', 'a'), await send('b1', 'b'), await send('a2', 'a')];
    expect(Number(sent[2]?.SequenceNumber)).toBeGreaterThan(Number(sent[0]?.SequenceNumber));
    const messages = await receive();
    expect(bodies(messages)).toEqual(['a1', 'b1', 'a2']);
    expect(messages[0]?.Attributes).toMatchObject({ MessageGroupId: 'a', MessageDeduplicationId: 'a1' });
  });

  it('holds back a group while one of its messages is in flight', async () => {
    await send('a1', 'a');
    await send('a2', 'a');
    await send('b1', 'b');
    const [first] = await receive(1);
    expect(first?.Body).toBe('a1');
    expect(bodies(await receive())).toEqual(['b1']);
    expect(await receive()).toEqual([]);
    await local.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: first?.ReceiptHandle }));
    expect(bodies(await receive())).toEqual(['a2']);
  });

  it('drops a duplicate within five minutes and returns the original MessageId', async () => {
    const original = await send('hello', 'g', 'same');
    const duplicate = await send('hello again', 'g', 'same');
    expect(duplicate.MessageId).toBe(original.MessageId);
    const [delivered] = await receive();
    expect(delivered?.Body).toBe('hello');
    await local.client.send(
      new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: delivered?.ReceiptHandle }),
    );
    local.advance(5 * 60 * 1000 + 1);
    const later = await send('after window', 'h', 'same');
    expect(later.MessageId).not.toBe(original.MessageId);
    expect(bodies(await receive())).toEqual(['after window']);
  });

  it('deduplicates by body hash with ContentBasedDeduplication', async () => {
    const created = await local.client.send(
      new CreateQueueCommand({
        QueueName: 'content.fifo',
        Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
      }),
    );
    const contentUrl = created.QueueUrl ?? '';
    const first = await local.client.send(
      new SendMessageCommand({ QueueUrl: contentUrl, MessageBody: 'same', MessageGroupId: 'g' }),
    );
    const second = await local.client.send(
      new SendMessageCommand({ QueueUrl: contentUrl, MessageBody: 'same', MessageGroupId: 'g' }),
    );
    expect(second.MessageId).toBe(first.MessageId);
    expect(await receive(10, contentUrl)).toHaveLength(1);
  });

  it('requires a MessageGroupId and a deduplication id', async () => {
    await expect(
      local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x' })),
    ).rejects.toMatchObject({
      name: 'MissingParameter',
    });
    await expect(
      local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x', MessageGroupId: 'g' })),
    ).rejects.toMatchObject({ name: 'InvalidParameterValue' });
  });
});
