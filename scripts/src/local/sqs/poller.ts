import {
  DeleteMessageBatchCommand,
  type Message,
  type MessageAttributeValue,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';

export interface PolledQueue {
  queueUrl: string;
  /** Records per handler call, as the event source mapping's BatchSize. */
  batchSize: number;
  /**
   * Concurrent poll loops, as Lambda runs several pollers and instances per queue (default 1). On a FIFO queue
   * order still holds: a group with a message in flight hands out no other message of that group.
   */
  concurrency?: number;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse | void>;
}

export interface QueuePollerOptions {
  endpoint: string;
  /** The key pair the endpoint checks signatures against. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  queues: PolledQueue[];
  waitTimeSeconds?: number;
  onError?: (error: unknown) => void;
}

const REGION = 'us-east-1';
const RETRY_DELAY_MS = 1000;
const MAX_RECEIVE = 10;

function queueArnOf(queueUrl: string): string {
  const [accountId = '000000000000', name = ''] = new URL(queueUrl).pathname
    .split('/')
    .filter(Boolean)
    .slice(-2);
  return `arn:aws:sqs:${REGION}:${accountId}:${name}`;
}

function lambdaAttributes(
  attributes: Record<string, MessageAttributeValue> | undefined,
): SQSMessageAttributes {
  const converted: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    converted[name] = {
      dataType: value.DataType ?? 'String',
      stringListValues: [],
      binaryListValues: [],
      ...(value.StringValue !== undefined && { stringValue: value.StringValue }),
      ...(value.BinaryValue !== undefined && {
        binaryValue: Buffer.from(value.BinaryValue).toString('base64'),
      }),
    };
  }
  return converted;
}

/** The record Lambda's SQS event source mapping would build from a received message. */
export function toSqsRecord(message: Message, eventSourceARN: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  const record: SQSRecord = {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? '',
      SenderId: attributes.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? '',
      ...(attributes.AWSTraceHeader !== undefined && { AWSTraceHeader: attributes.AWSTraceHeader }),
      ...(attributes.MessageGroupId !== undefined && { MessageGroupId: attributes.MessageGroupId }),
      ...(attributes.MessageDeduplicationId !== undefined && {
        MessageDeduplicationId: attributes.MessageDeduplicationId,
      }),
      ...(attributes.SequenceNumber !== undefined && { SequenceNumber: attributes.SequenceNumber }),
    },
    messageAttributes: lambdaAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN,
    awsRegion: REGION,
  };
  if (message.MD5OfMessageAttributes !== undefined)
    record.md5OfMessageAttributes = message.MD5OfMessageAttributes;
  return record;
}

/**
 * Records to leave on the queue after the handler answered, as ReportBatchItemFailures does: the listed ones and,
 * on FIFO queues, every later record of a group that had a failure. Throws when an identifier is not in the batch,
 * which Lambda treats as a failure of the whole batch.
 */
export function recordsToKeep(
  records: SQSRecord[],
  response: SQSBatchResponse | void,
  fifo: boolean,
): Set<string> {
  const failures = new Set<string>();
  const ids = new Set(records.map((record) => record.messageId));
  for (const failure of response?.batchItemFailures ?? []) {
    if (!failure.itemIdentifier || !ids.has(failure.itemIdentifier)) {
      throw new Error(
        `batchItemFailures names "${failure.itemIdentifier}", which is not a record of the batch`,
      );
    }
    failures.add(failure.itemIdentifier);
  }
  if (!fifo) return failures;
  const failedGroups = new Set<string>();
  for (const record of records) {
    const group = record.attributes.MessageGroupId ?? '';
    if (failures.has(record.messageId)) failedGroups.add(group);
    else if (failedGroups.has(group)) failures.add(record.messageId);
  }
  return failures;
}

/** Long-polls each queue into its handler, like Lambda's SQS event source mapping with ReportBatchItemFailures. */
export function startQueuePoller(options: QueuePollerOptions): { stop(): Promise<void> } {
  const client = new SQSClient({
    endpoint: options.endpoint,
    region: REGION,
    credentials: options.credentials ?? { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const controller = new AbortController();
  const { signal } = controller;
  const waitTimeSeconds = options.waitTimeSeconds ?? 20;
  const report = (error: unknown): void => {
    if (!signal.aborted) (options.onError ?? ((failure) => console.error('queue poller:', failure)))(error);
  };
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });

  const receiveBatch = async (queue: PolledQueue): Promise<Message[]> => {
    const messages: Message[] = [];
    let waitSeconds = waitTimeSeconds;
    // Fill the batch from what is already there; only the first receive waits.
    while (messages.length < queue.batchSize && !signal.aborted) {
      const wanted = Math.min(MAX_RECEIVE, queue.batchSize - messages.length);
      const output = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.queueUrl,
          MaxNumberOfMessages: wanted,
          WaitTimeSeconds: waitSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: signal },
      );
      const received = output.Messages ?? [];
      messages.push(...received);
      if (received.length < wanted) break;
      waitSeconds = 0;
    }
    return messages;
  };

  const deleteRecords = async (queueUrl: string, records: SQSRecord[]): Promise<void> => {
    for (let start = 0; start < records.length; start += MAX_RECEIVE) {
      const chunk = records.slice(start, start + MAX_RECEIVE);
      const output = await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
        }),
      );
      for (const failed of output.Failed ?? []) {
        report(
          new Error(
            `could not delete a processed message from ${queueUrl}: ${failed.Code ?? ''} ${failed.Message ?? ''}`,
          ),
        );
      }
    }
  };

  const poll = async (queue: PolledQueue): Promise<void> => {
    const eventSourceARN = queueArnOf(queue.queueUrl);
    const fifo = queue.queueUrl.endsWith('.fifo');
    while (!signal.aborted) {
      try {
        const messages = await receiveBatch(queue);
        if (messages.length === 0) continue;
        const records = messages.map((message) => toSqsRecord(message, eventSourceARN));
        let keep: Set<string>;
        try {
          keep = recordsToKeep(records, await queue.handler({ Records: records }), fifo);
        } catch (error) {
          // The whole batch stays and comes back after its visibility timeout, as with a failed invocation.
          report(error);
          continue;
        }
        await deleteRecords(
          queue.queueUrl,
          records.filter((record) => !keep.has(record.messageId)),
        );
      } catch (error) {
        if (signal.aborted) break;
        report(error);
        await pause(RETRY_DELAY_MS);
      }
    }
  };

  const loops = options.queues.flatMap((queue) =>
    Array.from({ length: queue.concurrency ?? 1 }, () => poll(queue)),
  );
  return {
    stop: async () => {
      controller.abort();
      await Promise.allSettled(loops);
      client.destroy();
    },
  };
}
