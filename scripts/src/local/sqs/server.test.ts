import { createHash } from 'node:crypto';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  MessageNotInflight,
  PurgeQueueCommand,
  QueueDoesNotExist,
  QueueNameExists,
  ReceiptHandleIsInvalid,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
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

async function createQueue(name: string, attributes: Record<string, string> = {}): Promise<string> {
  const { QueueUrl } = await local.client.send(
    new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
  );
  if (!QueueUrl) throw new Error('no queue url');
  return QueueUrl;
}

const receive = (
  queueUrl: string,
  extra: { WaitTimeSeconds?: number; MaxNumberOfMessages?: number; VisibilityTimeout?: number } = {},
) =>
  local.client.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
      ...extra,
    }),
  );

async function counts(queueUrl: string): Promise<{ visible: string; inFlight: string; delayed: string }> {
  const { Attributes = {} } = await local.client.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }),
  );
  return {
    visible: Attributes.ApproximateNumberOfMessages ?? '',
    inFlight: Attributes.ApproximateNumberOfMessagesNotVisible ?? '',
    delayed: Attributes.ApproximateNumberOfMessagesDelayed ?? '',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('local SQS, standard queues', () => {
  it('creates, finds and lists queues under the base URL', async () => {
    const url = await createQueue('orders');
    await createQueue('other');
    expect(url).toBe(`${local.endpoint}/000000000000/orders`);
    const found = await local.client.send(new GetQueueUrlCommand({ QueueName: 'orders' }));
    expect(found.QueueUrl).toBe(url);
    const listed = await local.client.send(new ListQueuesCommand({ QueueNamePrefix: 'ord' }));
    expect(listed.QueueUrls).toEqual([url]);
    const paged = await local.client.send(new ListQueuesCommand({ MaxResults: 1 }));
    expect(paged.QueueUrls).toEqual([url]);
    const next = await local.client.send(
      new ListQueuesCommand({ MaxResults: 1, NextToken: paged.NextToken }),
    );
    expect(next.QueueUrls).toEqual([`${local.endpoint}/000000000000/other`]);
  });

  it('sends, receives with attributes and checksums, and deletes', async () => {
    const url = await createQueue('mail');
    const sent = await local.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'olá, mundo',
        MessageAttributes: {
          SellerName: { DataType: 'String', StringValue: 'Example Store' },
          Blob: { DataType: 'Binary', BinaryValue: Uint8Array.from([1, 2, 3]) },
        },
      }),
    );
    const { Messages = [] } = await receive(url);
    expect(Messages).toHaveLength(1);
    const [message] = Messages;
    expect(message?.MessageId).toBe(sent.MessageId);
    expect(message?.Body).toBe('olá, mundo');
    expect(message?.MD5OfMessageAttributes).toBe(sent.MD5OfMessageAttributes);
    expect(message?.MessageAttributes?.SellerName?.StringValue).toBe('Example Store');
    expect(Array.from(message?.MessageAttributes?.Blob?.BinaryValue ?? [])).toEqual([1, 2, 3]);
    expect(message?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect(Number(message?.Attributes?.SentTimestamp)).toBeGreaterThan(0);
    await local.client.send(
      new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message?.ReceiptHandle }),
    );
    expect(await counts(url)).toEqual({ visible: '0', inFlight: '0', delayed: '0' });
  });

  it('computes MD5OfMessageAttributes as AWS does', async () => {
    const url = await createQueue('md5');
    const sent = await local.client.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: 'x',
        MessageAttributes: { SellerName: { DataType: 'String', StringValue: 'Example Store' } },
      }),
    );
    expect(sent.MD5OfMessageAttributes).toBe('cd28f3b68aeee4b2eac9c66f2f694b58');
  });

  it('answers a long poll as soon as a message arrives', async () => {
    const url = await createQueue('waiting');
    const started = Date.now();
    const polling = receive(url, { WaitTimeSeconds: 10 });
    await sleep(200);
    await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'late' }));
    const { Messages = [] } = await polling;
    expect(Messages.map((message) => message.Body)).toEqual(['late']);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ends an empty long poll after WaitTimeSeconds with no messages', async () => {
    const url = await createQueue('empty');
    const { Messages } = await receive(url, { WaitTimeSeconds: 1 });
    expect(Messages ?? []).toEqual([]);
  });

  it('hides a received message for the visibility timeout, then delivers it again with a new handle', async () => {
    const url = await createQueue('visibility', { VisibilityTimeout: '1' });
    await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'again' }));
    const first = (await receive(url)).Messages?.[0];
    expect((await receive(url)).Messages ?? []).toEqual([]);
    expect(await counts(url)).toMatchObject({ visible: '0', inFlight: '1' });
    const second = (await receive(url, { WaitTimeSeconds: 3 })).Messages?.[0];
    expect(second?.MessageId).toBe(first?.MessageId);
    expect(second?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(second?.ReceiptHandle).not.toBe(first?.ReceiptHandle);
    // An outdated handle is accepted without deleting, as AWS documents.
    await local.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: first?.ReceiptHandle }));
    expect(await counts(url)).toMatchObject({ inFlight: '1' });
    await local.client.send(
      new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: second?.ReceiptHandle }),
    );
    expect(await counts(url)).toMatchObject({ visible: '0', inFlight: '0' });
  });

  it('changes the visibility of a message in flight', async () => {
    const url = await createQueue('change');
    await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'back' }));
    const first = (await receive(url)).Messages?.[0];
    await local.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: first?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    await expect(
      local.client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: url,
          ReceiptHandle: first?.ReceiptHandle,
          VisibilityTimeout: 10,
        }),
      ),
    ).rejects.toBeInstanceOf(MessageNotInflight);
    const second = (await receive(url)).Messages?.[0];
    expect(second?.Body).toBe('back');
    const stale = local.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: first?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    await expect(stale).rejects.toMatchObject({ name: 'InvalidParameterValue' });
  });

  it('delays messages by DelaySeconds and delivers them to a waiting poll afterwards', async () => {
    const url = await createQueue('delayed');
    await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'later', DelaySeconds: 1 }));
    expect(await counts(url)).toMatchObject({ visible: '0', delayed: '1' });
    expect((await receive(url)).Messages ?? []).toEqual([]);
    const { Messages = [] } = await receive(url, { WaitTimeSeconds: 3 });
    expect(Messages.map((message) => message.Body)).toEqual(['later']);
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', async () => {
    const dlqUrl = await createQueue('jobs-dlq');
    const url = await createQueue('jobs', {
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:jobs-dlq',
        maxReceiveCount: 2,
      }),
    });
    const sent = await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'poison' }));
    expect((await receive(url, { VisibilityTimeout: 0 })).Messages).toHaveLength(1);
    expect((await receive(url, { VisibilityTimeout: 0 })).Messages).toHaveLength(1);
    expect((await receive(url, { VisibilityTimeout: 0 })).Messages ?? []).toEqual([]);
    const dead = (await receive(dlqUrl)).Messages?.[0];
    expect(dead?.MessageId).toBe(sent.MessageId);
    expect(dead?.Body).toBe('poison');
    expect(dead?.Attributes?.DeadLetterQueueSourceArn).toBe('arn:aws:sqs:us-east-1:000000000000:jobs');
    const { Attributes = {} } = await local.client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['RedrivePolicy', 'QueueArn'] }),
    );
    expect(JSON.parse(Attributes.RedrivePolicy ?? '{}')).toMatchObject({ maxReceiveCount: 2 });
    expect(Attributes.QueueArn).toBe('arn:aws:sqs:us-east-1:000000000000:jobs');
  });

  it('reports per-entry failures of batch sends and deletes', async () => {
    const url = await createQueue('batch');
    const sent = await local.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'a', MessageBody: 'one' },
          { Id: 'b', MessageBody: 'bad \u0000 character' },
          { Id: 'c', MessageBody: 'three' },
        ],
      }),
    );
    expect(sent.Successful?.map((entry) => entry.Id)).toEqual(['a', 'c']);
    expect(sent.Failed).toEqual([
      expect.objectContaining({ Id: 'b', Code: 'InvalidMessageContents', SenderFault: true }),
    ]);
    const { Messages = [] } = await receive(url, { MaxNumberOfMessages: 10 });
    expect(Messages.map((message) => message.Body).sort()).toEqual(['one', 'three']);
    const deleted = await local.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'first', ReceiptHandle: Messages[0]?.ReceiptHandle },
          { Id: 'broken', ReceiptHandle: 'not-a-handle' },
        ],
      }),
    );
    expect(deleted.Successful?.map((entry) => entry.Id)).toEqual(['first']);
    expect(deleted.Failed).toEqual([
      expect.objectContaining({ Id: 'broken', Code: 'ReceiptHandleIsInvalid' }),
    ]);
    expect(await counts(url)).toMatchObject({ visible: '0', inFlight: '1' });
  });

  it('counts visible and in-flight messages and empties the queue on purge', async () => {
    const url = await createQueue('counting');
    for (const body of ['1', '2', '3']) {
      await local.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
    }
    await receive(url);
    expect(await counts(url)).toEqual({ visible: '2', inFlight: '1', delayed: '0' });
    await local.client.send(new PurgeQueueCommand({ QueueUrl: url }));
    expect(await counts(url)).toEqual({ visible: '0', inFlight: '0', delayed: '0' });
  });

  it('raises the SDK typed errors', async () => {
    await expect(local.client.send(new GetQueueUrlCommand({ QueueName: 'missing' }))).rejects.toBeInstanceOf(
      QueueDoesNotExist,
    );
    await expect(
      local.client.send(
        new SendMessageCommand({ QueueUrl: `${local.endpoint}/000000000000/missing`, MessageBody: 'x' }),
      ),
    ).rejects.toBeInstanceOf(QueueDoesNotExist);
    const url = await createQueue('typed', { VisibilityTimeout: '10' });
    await expect(createQueue('typed', { VisibilityTimeout: '20' })).rejects.toBeInstanceOf(QueueNameExists);
    await expect(
      local.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: 'garbage' })),
    ).rejects.toBeInstanceOf(ReceiptHandleIsInvalid);
    await expect(receive(url, { MaxNumberOfMessages: 11 })).rejects.toMatchObject({
      name: 'InvalidParameterValue',
    });
  });

  it('accepts requests sent to a queue URL path', async () => {
    const url = await createQueue('by-path');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({ QueueUrl: url, MessageBody: 'direct' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      MD5OfMessageBody: createHash('md5').update('direct').digest('hex'),
    });
    expect((await receive(url)).Messages?.[0]?.Body).toBe('direct');
  });

  it('answers errors in the JSON protocol shape with the query error header', async () => {
    const response = await fetch(`${local.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.GetQueueUrl' },
      body: JSON.stringify({ QueueName: 'nope' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-query-error')).toBe('AWS.SimpleQueueService.NonExistentQueue;Sender');
    expect(await response.json()).toMatchObject({ __type: 'com.amazonaws.sqs#QueueDoesNotExist' });
  });
});
