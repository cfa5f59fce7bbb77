import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { newObjectId } from '@atende/shared/domain/object-id';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../lib/config.ts';
import {
  CAMPAIGN_DISPATCH_QUEUE,
  dispatchMessage,
  enqueueDispatch,
  OFFICIAL_SEND_CHUNK,
  SEND_CHUNK,
  sendChunkOf,
  sendMessages,
} from './queue.ts';

const sqs = mockClient(SQSClient);
afterEach(() => sqs.reset());

describe('campaign dispatch messages', () => {
  it('official chunks of 1,000 go in SendMessageBatch calls within its 256 KiB and 10 entries', async () => {
    process.env.QUEUE_URLS = JSON.stringify({ [CAMPAIGN_DISPATCH_QUEUE]: 'http://queue/campaign-dispatch' });
    resetConfig();
    sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: unknown[] }) => ({
      Successful: input.Entries.map((_, index) => ({ Id: String(index) })),
      Failed: [],
    }));
    const contacts = Array.from({ length: 10_500 }, () => newObjectId());
    const messages = sendMessages(newObjectId(), newObjectId(), contacts, sendChunkOf('official'));
    expect(messages.map((message) => (message.kind === 'send' ? message.contacts.length : 0))).toEqual([
      ...Array<number>(10).fill(OFFICIAL_SEND_CHUNK),
      500,
    ]);
    for (const message of messages) expect(dispatchMessage.safeParse(message).success).toBe(true);
    await enqueueDispatch(messages);
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input.Entries ?? []);
    expect(calls.length).toBeGreaterThan(1);
    for (const entries of calls) {
      expect(entries.length).toBeLessThanOrEqual(10);
      const bytes = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.MessageBody ?? ''), 0);
      expect(bytes).toBeLessThanOrEqual(256 * 1024);
    }
    const queued = calls
      .flat()
      .map((entry) => JSON.parse(entry.MessageBody ?? '{}') as { contacts: string[] });
    expect(queued.flatMap((message) => message.contacts)).toEqual(contacts);
  });

  it('the unofficial channel keeps chunks of 25 (seconds between its sends)', () => {
    expect(sendChunkOf('whatsapp')).toBe(SEND_CHUNK);
    const messages = sendMessages(
      newObjectId(),
      newObjectId(),
      Array.from({ length: 60 }, () => newObjectId()),
    );
    expect(messages.map((message) => (message.kind === 'send' ? message.contacts.length : 0))).toEqual([
      25, 25, 10,
    ]);
  });
});
