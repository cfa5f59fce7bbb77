import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DomainEvent } from '@atende/shared/events/index';
import { EVENT_CONSUMERS, type EventConsumerDefinition } from '@atende/shared/infra/event-consumers';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { eventsOf, groupOf } from '../events/dispatcher.ts';
import { pollOnce, type ShardPositions, streamArnOf } from '../events/stream-reader.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';

type ConsumerHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

const handlers = new Map<string, Promise<ConsumerHandler>>();
const handlerOf = (consumer: EventConsumerDefinition): Promise<ConsumerHandler> => {
  let pending = handlers.get(consumer.id);
  if (!pending) {
    const url = new URL(`../${consumer.handler.module}.ts`, import.meta.url).href;
    pending = import(/* @vite-ignore */ url).then(
      (module: Record<string, unknown>) => module[consumer.handler.export] as ConsumerHandler,
    );
    handlers.set(consumer.id, pending);
  }
  return pending;
};

/** SQS-shaped records of one consumer's events (FIFO groups as the dispatcher names them). */
export function sqsEventOf(events: readonly DomainEvent[], receiveCount = 1): SQSEvent {
  return {
    Records: events.map((event, index) => ({
      messageId: `${event.id}-${index}`,
      receiptHandle: 'r',
      body: JSON.stringify(event),
      attributes: {
        ApproximateReceiveCount: String(receiveCount),
        SentTimestamp: String(Date.now()),
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
        MessageGroupId: groupOf(event),
        MessageDeduplicationId: event.id,
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:events',
      awsRegion: 'us-east-1',
    })),
  };
}

/**
 * Test support: reads the test table's stream from where the last drain stopped, maps it with the
 * dispatcher and hands each consumer the events it wants (what the queues would deliver), until the stream is
 * quiet (consumers' own writes are events too). Answers every event seen. Call after the action under test.
 */
export function domainEventDrain() {
  const positions: ShardPositions = {};
  let streams: DynamoDBStreamsClient | undefined;
  let streamArn: string | undefined;
  return async function drain(): Promise<DomainEvent[]> {
    const endpoint = config().dynamodbEndpoint;
    streams ??= new DynamoDBStreamsClient(endpoint ? { endpoint } : {});
    streamArn ??= await streamArnOf(clients().dynamodb, config().mainTable);
    const seen: DomainEvent[] = [];
    for (let pass = 0; pass < 20; pass += 1) {
      const read = await pollOnce(
        { client: streams, streamArn, batchSize: 100, positions },
        async (event) => {
          const events = event.Records.flatMap((record) => eventsOf(record));
          seen.push(...events);
          for (const consumer of EVENT_CONSUMERS) {
            const wanted = events.filter((domainEvent) => consumer.events.includes(domainEvent.type));
            if (wanted.length === 0) continue;
            const answer = await (await handlerOf(consumer))(sqsEventOf(wanted));
            if (answer.batchItemFailures.length > 0) throw new Error(`${consumer.id} failed on an event`);
          }
          return { batchItemFailures: [] };
        },
      );
      if (read === 0) return seen;
    }
    throw new Error('the stream did not quiet down after 20 passes');
  };
}
