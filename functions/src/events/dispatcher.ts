import { createHash } from 'node:crypto';
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DomainEvent } from '@atende/shared/events/index';
import { EVENT_CONSUMERS, eventQueueId } from '@atende/shared/infra/event-consumers';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { sqsClient } from '../lib/sqs-client.ts';
import { config } from '../lib/config.ts';
import { invocationFields, logger, withLogContext } from '../lib/logger.ts';
import { entityOf, type ItemChange, MAPPERS } from './mappers.ts';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const image = (value: Image | undefined) =>
  value ? unmarshall(value as Parameters<typeof unmarshall>[0]) : undefined;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The table's name inside a stream ARN (arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>). */
const tableOf = (arn: string | undefined) => /:table\/([^/]+)/.exec(arn ?? '')?.[1] ?? '';

/**
 * The domain events one stream record means. Each id hashes the table, the item's keys, the record's sequence
 * number and the event type: a replayed record gives the same ids, so consumers claim each once.
 */
export function eventsOf(record: DynamoDBRecord): DomainEvent[] {
  const kind = record.eventName;
  if (!kind || !record.dynamodb) return [];
  const change: ItemChange = {
    kind,
    oldImage: image(record.dynamodb.OldImage),
    newImage: image(record.dynamodb.NewImage),
  };
  const entity = entityOf(change);
  const mapper = entity ? MAPPERS[entity] : undefined;
  if (!mapper) return [];
  const keys = record.dynamodb.Keys
    ? unmarshall(record.dynamodb.Keys as Parameters<typeof unmarshall>[0])
    : {};
  const seconds = record.dynamodb.ApproximateCreationDateTime;
  const occurredAt = new Date(seconds ? seconds * 1000 : Date.now()).toISOString();
  const source = [tableOf(record.eventSourceARN), keys.pk, keys.sk, record.dynamodb.SequenceNumber].join('|');
  return mapper(change).map(
    (draft) =>
      ({
        ...draft,
        id: createHash('sha256').update(`${source}|${draft.type}`).digest('hex').slice(0, 40),
        occurred_at: occurredAt,
      }) as DomainEvent,
  );
}

/** The FIFO group of an event: its entity, except messages, which keep their conversation's order. */
export const groupOf = (event: DomainEvent): string =>
  `${event.company_id}:${'message' in event.data ? event.data.message.conversation : event.entity_id}`;

interface Outgoing {
  recordIndex: number;
  event: DomainEvent;
}

/** Sends one queue's events in order, 10 per call; answers the record index of the first one not sent. */
async function sendInOrder(queueId: string, outgoing: Outgoing[]): Promise<number | undefined> {
  const queueUrl = config().queueUrls[queueId];
  if (!queueUrl) throw new Error(`the ${queueId} queue URL is not configured (QUEUE_URLS)`);
  for (let start = 0; start < outgoing.length; start += 10) {
    const chunk = outgoing.slice(start, start + 10);
    try {
      const answer = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map(({ event }, index) => ({
            Id: String(index),
            MessageBody: JSON.stringify(event),
            MessageGroupId: groupOf(event),
            MessageDeduplicationId: event.id,
          })),
        }),
      );
      const failed = (answer.Failed ?? []).map((entry) => Number(entry.Id)).sort((a, b) => a - b)[0];
      if (failed !== undefined) return chunk[failed]?.recordIndex;
    } catch (error) {
      logger.warn('domain events not sent', { queue: queueId, error: reason(error) });
      return chunk[0]?.recordIndex;
    }
  }
  return undefined;
}

/**
 * The table stream's consumer: maps each record to domain events and sends each event to the queue of every
 * consumer that wants its type (EVENT_CONSUMERS). A record whose events could not all be sent is reported by
 * sequence number; the stream resends it and every later record of the batch, and the FIFO deduplication id
 * (the event id) and the consumers' claims make the resend harmless. A record that cannot be mapped (an item
 * that does not match its schema) is logged and skipped: retrying would block its shard for nothing.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  return withLogContext(invocationFields(context), async () => {
    const byQueue = new Map<string, Outgoing[]>();
    for (const [recordIndex, record] of event.Records.entries()) {
      let events: DomainEvent[];
      try {
        events = eventsOf(record);
      } catch (error) {
        logger.error('stream record not mapped to domain events; skipped', {
          sequenceNumber: record.dynamodb?.SequenceNumber,
          error: reason(error),
        });
        continue;
      }
      for (const domainEvent of events) {
        for (const consumer of EVENT_CONSUMERS) {
          if (!consumer.events.includes(domainEvent.type)) continue;
          const queueId = eventQueueId(consumer);
          const outgoing = byQueue.get(queueId) ?? [];
          outgoing.push({ recordIndex, event: domainEvent });
          byQueue.set(queueId, outgoing);
        }
      }
    }
    const firstFailures = await Promise.all(
      [...byQueue].map(([queueId, outgoing]) => sendInOrder(queueId, outgoing)),
    );
    const failed = firstFailures.filter((index): index is number => index !== undefined);
    if (failed.length === 0) return { batchItemFailures: [] };
    const sequenceNumber = event.Records[Math.min(...failed)]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: sequenceNumber ? [{ itemIdentifier: sequenceNumber }] : [] };
  });
}
