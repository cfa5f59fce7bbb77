import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import {
  pollOnce,
  type ShardPositions,
  type StreamHandler,
  streamArnOf,
} from '@atende/functions/events/stream-reader';

export interface StreamPollerOptions {
  /** DynamoDB Local's endpoint; it serves the Streams API on the same port. */
  endpoint: string;
  tableName: string;
  batchSize: number;
  /** JSON file (under DATA_DIR) keeping each shard's acknowledged position across restarts. */
  positionsFile: string;
  handler: StreamHandler;
  /** Pause between passes that found nothing new. */
  idleMs?: number;
  onError?: (error: unknown) => void;
}

export interface StreamPoller {
  /** Whether its last pass found nothing new: the stream read to its end (a bench waits for it). */
  idle: () => boolean;
  /** Waits for the pass under way, then stops polling. */
  stop: () => Promise<void>;
}

interface SavedPositions {
  streamArn: string;
  shards: ShardPositions;
}

const DEFAULT_IDLE_MS = 100;
const ERROR_DELAY_MS = 1000;

function load(file: string, streamArn: string): ShardPositions {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedPositions;
    // A recreated table has a new stream: positions in the old one mean nothing there.
    return saved.streamArn === streamArn ? saved.shards : {};
  } catch {
    return {};
  }
}

/** Written beside and renamed over, so a crash mid-write never leaves half a file. */
function save(file: string, saved: SavedPositions): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(saved));
  renameSync(temporary, file);
}

/**
 * The local stand-in for Lambda's DynamoDB event source mapping: reads the table's stream through DynamoDB
 * Local's Streams API (shards, children after their parents, from the saved position) and calls the handler
 * with stream-shaped batches, honouring batchItemFailures. A shard's position is saved only after the handler
 * acknowledged the records, so a runtime killed mid-batch re-reads that batch after a restart: nothing is lost,
 * and the replay is harmless because events keep their ids and consumers claim them.
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const dynamodb = new DynamoDBClient({ endpoint: options.endpoint });
  const streamArn = await streamArnOf(dynamodb, options.tableName).finally(() => dynamodb.destroy());
  const client = new DynamoDBStreamsClient({ endpoint: options.endpoint });
  const positions = load(options.positionsFile, streamArn);
  let saved = JSON.stringify(positions);
  const persist = (shards: ShardPositions) => {
    const next = JSON.stringify(shards);
    if (next === saved) return;
    save(options.positionsFile, { streamArn, shards });
    saved = next;
  };
  let stopped = false;
  let idle = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      try {
        const read = await pollOnce(
          { client, streamArn, batchSize: options.batchSize, positions, onAdvance: persist },
          options.handler,
        );
        // Finished shards are recorded even when no record moved.
        persist(positions);
        idle = read === 0;
        if (read === 0) await pause(options.idleMs ?? DEFAULT_IDLE_MS);
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        idle = false;
        await pause(ERROR_DELAY_MS);
      }
    }
  })();

  return {
    idle: () => idle,
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      client.destroy();
    },
  };
}
