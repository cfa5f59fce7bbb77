import { EVENT_DISPATCHER } from './event-consumers.ts';
import type { HandlerRef } from './handlers.ts';

/**
 * DynamoDB tables, written once: infra/ builds them, the local runtime creates or updates them at start,
 * the tests create them in DynamoDB Local. Every key begins with the company id (see CONVENTIONS, Data).
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
}

/**
 * A table's DynamoDB stream and what reads it: in AWS a Lambda event source mapping, locally the stream poller
 * (scripts/src/local/streams), both calling `handler` with DynamoDB stream events.
 */
export interface StreamDefinition {
  viewType: 'NEW_AND_OLD_IMAGES';
  handler: HandlerRef;
  batchSize: number;
  /** Retries of a failing batch (after bisecting it) before it goes to the on-failure queue. */
  maxRetryAttempts: number;
  maxRecordAgeSeconds: number;
  /** Queue id (`${id}` in deadLetterQueueName's naming) receiving what could not be dispatched. */
  failureQueueId: string;
}

export interface TableDefinition {
  /** Logical id; the physical name is `${prefix}${id}`. */
  id: string;
  partitionKey: string;
  sortKey: string;
  indexes: IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry; DynamoDB deletes the item after it. */
  ttlAttribute?: string;
  stream?: StreamDefinition;
}

export const MAIN_TABLE: TableDefinition = {
  id: 'main',
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  ttlAttribute: 'expiresAt',
  // Domain events are read from here (ARCHITECTURE.md, Domain events).
  stream: {
    viewType: 'NEW_AND_OLD_IMAGES',
    handler: EVENT_DISPATCHER,
    batchSize: 100,
    maxRetryAttempts: 10,
    maxRecordAgeSeconds: 24 * 60 * 60,
    failureQueueId: 'events-stream-failures',
  },
};

export const TABLES: readonly TableDefinition[] = [MAIN_TABLE];

export const tableName = (prefix: string, table: TableDefinition): string => `${prefix}${table.id}`;
