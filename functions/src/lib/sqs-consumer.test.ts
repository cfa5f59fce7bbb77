import { QUEUES } from '@atende/shared/infra/queues';
import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { sqsConsumer } from './sqs-consumer.ts';

const body = z.object({ n: z.number() });

function sqsRecord(
  id: string,
  payload: unknown,
  options: { group?: string; receiveCount?: number } = {},
): SQSRecord {
  return {
    messageId: id,
    receiptHandle: id,
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    attributes: {
      ApproximateReceiveCount: String(options.receiveCount ?? 1),
      SentTimestamp: '0',
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: '0',
      ...(options.group ? { MessageGroupId: options.group, MessageDeduplicationId: id } : {}),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
    awsRegion: 'us-east-1',
  };
}

const failed = (answer: { batchItemFailures: { itemIdentifier: string }[] }) =>
  answer.batchItemFailures.map((failure) => failure.itemIdentifier).sort();

describe('sqsConsumer', () => {
  it('reports only the failed records of a standard queue and drops a body that fails its schema', async () => {
    const seen: number[] = [];
    const consume = sqsConsumer({
      queueId: 'contact-import',
      schema: body,
      process: async ({ n }) => {
        seen.push(n);
        if (n === 2) throw new Error('boom');
      },
    });
    const answer = await consume({
      Records: [
        sqsRecord('a', { n: 1 }),
        sqsRecord('b', { n: 2 }),
        sqsRecord('c', { n: 3 }),
        sqsRecord('d', 'not json'),
      ],
    });
    expect(failed(answer)).toEqual(['b']);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('keeps FIFO group order: a failure fails the rest of its group, other groups go on', async () => {
    const seen: string[] = [];
    const consume = sqsConsumer({
      queueId: 'events-smart-tags',
      schema: body,
      process: async ({ n }, record) => {
        seen.push(record.messageId);
        if (n === 2) throw new Error('boom');
      },
    });
    const answer = await consume({
      Records: [
        sqsRecord('g1-1', { n: 1 }, { group: 'g1' }),
        sqsRecord('g1-2', { n: 2 }, { group: 'g1' }),
        sqsRecord('g2-1', { n: 3 }, { group: 'g2' }),
        sqsRecord('g1-3', { n: 4 }, { group: 'g1' }),
        sqsRecord('g2-2', { n: 5 }, { group: 'g2' }),
      ],
    });
    expect(failed(answer)).toEqual(['g1-2', 'g1-3']);
    expect(seen).not.toContain('g1-3');
    expect(seen.filter((id) => id.startsWith('g2'))).toEqual(['g2-1', 'g2-2']);
  });

  it("runs the last-attempt hook on the queue's maxReceiveCount, read from QUEUES, and still reports the failure", async () => {
    const max = QUEUES.find((queue) => queue.id === 'events-wallet-sync')?.maxReceiveCount as number;
    const onLastAttempt = vi.fn(async () => undefined);
    const consume = sqsConsumer({
      queueId: 'events-wallet-sync',
      schema: body,
      process: async () => {
        throw new Error('always');
      },
      onLastAttempt,
    });
    const early = await consume({ Records: [sqsRecord('x', { n: 1 }, { receiveCount: max - 1 })] });
    expect(onLastAttempt).not.toHaveBeenCalled();
    expect(failed(early)).toEqual(['x']);
    const last = await consume({ Records: [sqsRecord('y', { n: 7 }, { receiveCount: max })] });
    expect(onLastAttempt).toHaveBeenCalledTimes(1);
    expect(onLastAttempt).toHaveBeenCalledWith(
      { n: 7 },
      expect.any(Error),
      expect.objectContaining({ messageId: 'y' }),
    );
    expect(failed(last)).toEqual(['y']);
  });

  it('refuses a queue id that QUEUES does not know', () => {
    expect(() => sqsConsumer({ queueId: 'nope', schema: body, process: async () => undefined })).toThrow(
      /nope/,
    );
  });
});
