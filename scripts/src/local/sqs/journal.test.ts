import { appendFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueEngine } from './engine.ts';
import { defaultSettings } from './queue-attributes.ts';
import { StateWriter, loadQueues } from './persistence.ts';
import { type TestSqs, startTestSqs } from './test-server.ts';

const folders: string[] = [];
let local: TestSqs | undefined;

afterEach(async () => {
  await local?.stop();
  local = undefined;
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const sizeOf = async (path: string) => (await stat(path).catch(() => undefined))?.size ?? 0;

/** An engine persisting to `dataDir` as the server does, with the journal folded into a snapshot past `compactAfter`. */
async function openEngine(dataDir: string, compactAfter?: number) {
  const stored = await loadQueues(dataDir, Date.now());
  const writer = new StateWriter(dataDir, () => engine.snapshot(), stored, 5, compactAfter);
  const engine = new QueueEngine(
    {
      accountId: '000000000000',
      now: Date.now,
      onChange: () => {},
      onMutate: (entry) => writer.record(entry),
    },
    stored.queues,
  );
  return { engine, writer };
}

describe('local SQS journal', () => {
  it('commits a send by appending it to the journal, not by rewriting every queue', async () => {
    local = await startTestSqs();
    const QueueUrl = await local.sqs.ensureQueue({ name: 'busy', fifo: false, visibilityTimeoutSeconds: 30 });
    const body = 'x'.repeat(2_000);
    for (let batch = 0; batch < 30; batch += 1) {
      const Entries = Array.from({ length: 10 }, (_, i) => ({
        Id: `e${i}`,
        MessageBody: `${batch}-${i}-${body}`,
      }));
      await local.client.send(new SendMessageBatchCommand({ QueueUrl, Entries }));
    }
    const files = async (): Promise<Record<string, number>> => {
      const dataDir = local?.dataDir ?? '';
      const names = await readdir(dataDir);
      return Object.fromEntries(
        await Promise.all(names.map(async (name) => [name, await sizeOf(join(dataDir, name))])),
      );
    };
    const before = await files();
    await local.client.send(new SendMessageCommand({ QueueUrl, MessageBody: `one more ${body}` }));
    const after = await files();
    const grown = Object.entries(after).reduce(
      (sum, [name, size]) => sum + Math.max(0, size - (before[name] ?? 0)),
      0,
    );
    // About 300 queued messages of 2 KB (600 KB) are on disk; the send added its own line and nothing else.
    expect(Object.values(before).reduce((sum, size) => sum + size, 0)).toBeGreaterThan(600_000);
    expect(grown).toBeGreaterThan(2_000);
    expect(grown).toBeLessThan(3_000);
  });

  it('rebuilds sends, receives, deletes and FIFO deduplication from the journal after a restart', async () => {
    local = await startTestSqs();
    const QueueUrl = await local.sqs.ensureQueue({
      name: 'ordered.fifo',
      fifo: true,
      visibilityTimeoutSeconds: 600,
    });
    for (const [index, body] of ['a', 'b', 'c'].entries()) {
      await local.client.send(
        new SendMessageCommand({
          QueueUrl,
          MessageBody: body,
          MessageGroupId: 'g',
          MessageDeduplicationId: `d${index}`,
        }),
      );
    }
    const first = await local.client.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(first.Messages?.map((message) => message.Body)).toEqual(['a', 'b', 'c']);
    await local.client.send(
      new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages?.[0]?.ReceiptHandle }),
    );
    await local.restart();
    const duplicate = await local.client.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: 'a again',
        MessageGroupId: 'g',
        MessageDeduplicationId: 'd0',
      }),
    );
    expect(duplicate.MessageId).toBe(first.Messages?.[0]?.MessageId);
    const again = await local.client.send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'] }),
    );
    expect(again.Messages?.map((message) => message.Body)).toEqual(['b', 'c']);
    expect(again.Messages?.map((message) => message.Attributes?.ApproximateReceiveCount)).toEqual(['2', '2']);
    expect(Number(again.Messages?.[1]?.Attributes?.SequenceNumber)).toBeGreaterThan(
      Number(again.Messages?.[0]?.Attributes?.SequenceNumber),
    );
  });

  it('folds a long journal into a new snapshot and keeps every message', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sqs-journal-'));
    folders.push(dataDir);
    const { engine, writer } = await openEngine(dataDir, 4_000);
    engine.putQueue('q', defaultSettings(false));
    for (let i = 0; i < 200; i += 1) {
      engine.send('q', { body: `message ${i}`, attributes: {} });
      if (i % 10 === 0) await writer.durable();
    }
    const received = engine.receive('q', 5);
    for (const { receiptHandle } of received.slice(0, 2)) engine.deleteMessage('q', receiptHandle);
    await writer.close();
    const names = await readdir(dataDir);
    // Snapshots were taken along the way: only a later generation's journal may be left, the first one is gone.
    expect(names).not.toContain('sqs-journal-0.ndjson');
    expect(names.filter((name) => name.startsWith('sqs-journal-')).length).toBeLessThanOrEqual(1);
    const reopened = await loadQueues(dataDir, Date.now());
    expect(reopened.generation).toBeGreaterThan(1);
    const bodies = reopened.queues[0]?.messages.map((message) => message.body);
    expect(bodies).toHaveLength(198);
    expect(bodies?.[0]).toBe('message 2');
    expect(bodies?.at(-1)).toBe('message 199');
    expect(reopened.queues[0]?.messages.slice(0, 3).map((message) => message.receiveCount)).toEqual([
      1, 1, 1,
    ]);
  });

  it('leaves out a journal line a crash cut short, and appends to a clean journal after it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sqs-journal-'));
    folders.push(dataDir);
    const first = await openEngine(dataDir);
    first.engine.putQueue('q', defaultSettings(false));
    first.engine.send('q', { body: 'kept', attributes: {} });
    await first.writer.close();
    await appendFile(join(dataDir, 'sqs-journal-0.ndjson'), '{"t":"put","q":"q","m":{"id":"torn","bo');
    const second = await openEngine(dataDir);
    expect([...second.engine.get('q').messages.values()].map((message) => message.body)).toEqual(['kept']);
    second.engine.send('q', { body: 'after', attributes: {} });
    await second.writer.close();
    const third = await loadQueues(dataDir, Date.now());
    expect(third.queues[0]?.messages.map((message) => message.body)).toEqual(['kept', 'after']);
    expect(await readdir(dataDir)).not.toContain('sqs-journal-0.ndjson');
  });
});
