import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { syncConversationWallet } from '@atende/functions/conversations/wallet-sync';
import type * as WalletSyncModule from '@atende/functions/conversations/wallet-sync';
import { contactKeys } from '@atende/functions/contacts/keys';
import { writeContact } from '@atende/functions/contacts/store';
import { newContactRecord } from '@atende/functions/contacts/service';
import { handler as dispatcher } from '@atende/functions/events/dispatcher';
import { clients } from '@atende/functions/lib/clients';
import { config } from '@atende/functions/lib/config';
import { refreshContactSmartTags } from '@atende/functions/smart-tags/hooks';
import type * as HooksModule from '@atende/functions/smart-tags/hooks';
import { useTestTables } from '@atende/functions/testing/dynamodb';
import { newObjectId } from '@atende/shared/domain/object-id';
import { EVENT_CONSUMER_QUEUES, EVENT_CONSUMERS, eventQueueId } from '@atende/shared/infra/event-consumers';
import { ENV } from '@atende/shared/infra/env';
import { deadLetterQueueName, queueName } from '@atende/shared/infra/queues';
import type { DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSmartTagItem } from '../../testing/smart-tag-item.ts';
import { invoke, loadHandler } from '../handlers.ts';
import { startQueuePoller } from '../sqs/poller.ts';
import { startTestSqs, type TestSqs } from '../sqs/test-server.ts';
import { startStreamPoller, type StreamPoller } from './poller.ts';

// The consumers' effects, counted: each must run once per event however often the event is delivered.
vi.mock('@atende/functions/smart-tags/hooks', async (importOriginal) => {
  const original = await importOriginal<typeof HooksModule>();
  return { ...original, refreshContactSmartTags: vi.fn(original.refreshContactSmartTags) };
});
vi.mock('@atende/functions/conversations/wallet-sync', async (importOriginal) => {
  const original = await importOriginal<typeof WalletSyncModule>();
  return { ...original, syncConversationWallet: vi.fn(original.syncConversationWallet) };
});

const PREFIX = 'exactly-once-';
const CONTACTS = 6;
let sqs: TestSqs;
const queueUrls: Record<string, string> = {};

beforeAll(async () => {
  sqs = await startTestSqs();
  for (const queue of EVENT_CONSUMER_QUEUES) {
    const dlq = deadLetterQueueName(PREFIX, queue);
    // A short visibility timeout: a message whose consumer "died" comes back within a second.
    await sqs.sqs.ensureQueue({ name: dlq, fifo: true, visibilityTimeoutSeconds: 1 });
    queueUrls[queue.id] = await sqs.sqs.ensureQueue({
      name: queueName(PREFIX, queue),
      fifo: true,
      visibilityTimeoutSeconds: 1,
      redrive: { deadLetterQueueName: dlq, maxReceiveCount: queue.maxReceiveCount },
    });
  }
  process.env[ENV.sqsEndpoint] = sqs.endpoint;
  process.env[ENV.queueUrls] = JSON.stringify(queueUrls);
  await useTestTables();
});

afterAll(async () => {
  await sqs?.stop();
});

const claims = async () => {
  const { Items } = await clients().document.send(
    new ScanCommand({
      TableName: config().mainTable,
      FilterExpression: 'entity = :claim',
      ExpressionAttributeValues: { ':claim': 'event_claim' },
    }),
  );
  return (Items ?? []) as { consumer: string; event: string }[];
};

const inFlight = async () => {
  let total = 0;
  for (const url of Object.values(queueUrls)) {
    const { Attributes } = await sqs.client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }),
    );
    total +=
      Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
  }
  return total;
};

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('domain events, exactly once in effect', () => {
  it('survives a stream poller killed between reading and acknowledging, and consumers dying before their delete', async () => {
    const companyId = newObjectId();
    const wallet = newObjectId();
    const now = new Date().toISOString();
    await clients().document.send(
      new PutCommand({
        TableName: config().mainTable,
        Item: { ...contactKeys.catalogueItem(companyId, 'WALLETS', wallet), entity: 'wallet', _id: wallet },
      }),
    );
    // The smart-tags consumer evaluates contacts only in a company that has a smart tag.
    await clients().document.send(
      new PutCommand({ TableName: config().mainTable, Item: testSmartTagItem(companyId) }),
    );
    for (let index = 0; index < CONTACTS; index += 1) {
      const record = { ...newContactRecord(companyId, now, null, 'manual'), full_name: `Cliente ${index}` };
      await writeContact(undefined, record);
      await writeContact({ ...record, version: 1 }, { ...record, wallet, version: 1 });
    }

    const positionsFile = join(mkdtempSync(join(tmpdir(), 'streams-')), 'main.json');
    const stream = (handler: (event: DynamoDBStreamEvent) => Promise<unknown>) =>
      startStreamPoller({
        endpoint: config().dynamodbEndpoint as string,
        tableName: config().mainTable,
        batchSize: 100,
        positionsFile,
        handler: handler as Parameters<typeof startStreamPoller>[0]['handler'],
        onError: () => undefined,
      });

    // 1. The dispatcher sends every event, then the runtime dies before the stream position is saved.
    let dispatchedBeforeKill = 0;
    const first: StreamPoller = await stream(async (event) => {
      dispatchedBeforeKill += event.Records.length;
      await dispatcher(event);
      throw new Error('killed between read and acknowledgement');
    });
    await until(async () => dispatchedBeforeKill >= CONTACTS * 2, 'the first dispatch');
    // Its passes fail: it never reads past them, so it is never idle.
    expect(first.idle()).toBe(false);
    await first.stop();

    // 2. A restart resumes from the saved position: the same records again, the same event ids.
    let replayed = 0;
    const second = await stream(async (event) => {
      replayed += event.Records.length;
      return dispatcher(event);
    });

    // 3. Each consumer applies its first batch, then "dies" before deleting it: SQS redelivers everything.
    const deliveries: Record<string, number> = {};
    const died = new Set<string>();
    const consumers = startQueuePoller({
      endpoint: sqs.endpoint,
      waitTimeSeconds: 1,
      queues: EVENT_CONSUMER_QUEUES.map((queue) => ({
        queueUrl: queueUrls[queue.id] as string,
        batchSize: queue.consumer.batchSize,
        handler: async (event: SQSEvent) => {
          deliveries[queue.id] = (deliveries[queue.id] ?? 0) + event.Records.length;
          const answer = await invoke<SQSEvent, SQSBatchResponse>(
            await loadHandler(queue.consumer.handler),
            event,
            undefined,
          );
          if (died.has(queue.id)) return answer;
          died.add(queue.id);
          return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
        },
      })),
    });

    try {
      // Smart tags react to every create and update; the wallet sync to the updates (the wallet changed).
      await until(async () => (await claims()).length === CONTACTS * 3, 'every claim');
      await until(async () => (await inFlight()) === 0, 'empty consumer queues');
      // Idle means read to the end: every record written before the restart came through.
      await until(async () => second.idle(), 'the stream read to its end');
      expect(replayed).toBeGreaterThanOrEqual(CONTACTS * 2);
    } finally {
      await consumers.stop();
      await second.stop();
    }

    expect(replayed).toBeGreaterThanOrEqual(dispatchedBeforeKill);
    // Every consumer the contacts' events reach died once (the others, such as analytics, saw none).
    const reached = EVENT_CONSUMERS.filter((consumer) =>
      consumer.events.some((type) => type === 'contact.created' || type === 'contact.updated'),
    );
    expect(died.size).toBe(reached.length);
    expect([...died].sort()).toEqual(reached.map((consumer) => eventQueueId(consumer)).sort());
    // Redelivered records came back to the consumers...
    const delivered = Object.values(deliveries).reduce((sum, count) => sum + count, 0);
    expect(delivered).toBeGreaterThan(CONTACTS * 3);
    // ...and each consumer applied each event once.
    const all = await claims();
    expect(new Set(all.map((claim) => `${claim.consumer}:${claim.event}`)).size).toBe(all.length);
    expect(all.filter((claim) => claim.consumer === 'smart-tags')).toHaveLength(CONTACTS * 2);
    expect(all.filter((claim) => claim.consumer === 'wallet-sync')).toHaveLength(CONTACTS);
    expect(vi.mocked(refreshContactSmartTags)).toHaveBeenCalledTimes(CONTACTS * 2);
    expect(vi.mocked(syncConversationWallet)).toHaveBeenCalledTimes(CONTACTS);
  }, 90_000);
});
