import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * Where each shard was read up to: the last sequence number handed to the handler successfully, and whether
 * the shard is closed and read to its end (then its children may be read).
 */
export type ShardPositions = Record<string, { sequenceNumber?: string; finished?: boolean }>;

export interface StreamReaderOptions {
  client: DynamoDBStreamsClient;
  streamArn: string;
  batchSize: number;
  /** Mutated as shards are read; persist it after `pollOnce` (or after each `onAdvance`). */
  positions: ShardPositions;
  /** Called after each successful handler call moved a shard forward (the moment to persist positions). */
  onAdvance?: (positions: ShardPositions) => Promise<void> | void;
}

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

async function listShards(client: DynamoDBStreamsClient, streamArn: string): Promise<Shard[]> {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const { StreamDescription } = await client.send(
      new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
    );
    shards.push(...(StreamDescription?.Shards ?? []));
    start = StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
}

/** The record as Lambda's event source mapping hands it over (creation time in epoch seconds). */
function lambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
    },
  };
}

async function iteratorFor(
  client: DynamoDBStreamsClient,
  streamArn: string,
  shardId: string,
  after: string | undefined,
): Promise<string | undefined> {
  const request = after
    ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: after }
    : { ShardIteratorType: 'TRIM_HORIZON' as const };
  try {
    const { ShardIterator } = await client.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ...request }),
    );
    return ShardIterator;
  } catch (error) {
    // The saved position fell out of the stream's 24-hour retention: read what is left.
    if (!(error instanceof TrimmedDataAccessException) || !after) throw error;
    return iteratorFor(client, streamArn, shardId, undefined);
  }
}

/**
 * One pass over the stream, as Lambda's event source mapping does it: every shard whose parent is finished,
 * from its saved position (AFTER_SEQUENCE_NUMBER) or its beginning, in batches of `batchSize`, each handed to
 * the handler. A position moves only past what the handler acknowledged: on batchItemFailures it stops just
 * before the first failed record, and that shard is retried on the next pass. A handler that throws moves
 * nothing. Answers how many records were acknowledged.
 */
export async function pollOnce(options: StreamReaderOptions, handler: StreamHandler): Promise<number> {
  const { client, streamArn, positions } = options;
  const shards = await listShards(client, streamArn);
  const known = new Set(shards.map((shard) => shard.ShardId));
  let acknowledged = 0;
  for (const shard of shards) {
    const shardId = shard.ShardId;
    if (!shardId || positions[shardId]?.finished) continue;
    const parent = shard.ParentShardId;
    // A child waits for its parent (when the parent is still in the stream) to be read to its end.
    if (parent && known.has(parent) && !positions[parent]?.finished) continue;
    let iterator = await iteratorFor(client, streamArn, shardId, positions[shardId]?.sequenceNumber);
    while (iterator) {
      const page = await client.send(
        new GetRecordsCommand({ ShardIterator: iterator, Limit: options.batchSize }),
      );
      const records = (page.Records ?? []).map((record) => lambdaRecord(record, streamArn));
      if (records.length === 0) {
        if (!page.NextShardIterator) positions[shardId] = { ...positions[shardId], finished: true };
        break;
      }
      const answer = await handler({ Records: records });
      const failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
      const failedIndex = failed
        ? records.findIndex((record) => record.dynamodb?.SequenceNumber === failed)
        : -1;
      const done = failed ? Math.max(failedIndex, 0) : records.length;
      const last = records[done - 1]?.dynamodb?.SequenceNumber;
      if (last) {
        positions[shardId] = { sequenceNumber: last };
        acknowledged += done;
        await options.onAdvance?.(positions);
      }
      if (failed) break;
      iterator = page.NextShardIterator;
    }
  }
  return acknowledged;
}

/** The table's current stream (DescribeTable's LatestStreamArn); throws when the table has none. */
export async function streamArnOf(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.LatestStreamArn) throw new Error(`table ${tableName} has no stream`);
  return Table.LatestStreamArn;
}
