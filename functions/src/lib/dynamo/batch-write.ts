import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../clients.ts';
import { config } from '../config.ts';
import { backoff, UnprocessedError } from './backoff.ts';

export type WriteRequest = NonNullable<
  NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string]
>[number];

/** BatchWriteItem's limit of requests per call. */
const BATCH_SIZE = 25;
const DEFAULT_ATTEMPTS = 8;

/**
 * Puts and deletes in BatchWriteItem calls of 25 (up to `parallel` at once), retrying unprocessed requests
 * with jittered exponential backoff; after `attempts` calls a chunk still not written throws. Not atomic: use
 * it where each item stands alone (index items that a retry writes again, idempotent puts).
 */
export async function batchWrite(
  requests: readonly WriteRequest[],
  options: { table?: string; attempts?: number; parallel?: number } = {},
): Promise<void> {
  const table = options.table ?? config().mainTable;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const chunks: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_SIZE) {
    chunks.push(requests.slice(start, start + BATCH_SIZE));
  }
  const writeChunk = async (chunk: WriteRequest[]) => {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= attempts) throw new UnprocessedError('BatchWriteItem', pending.length);
      if (attempt > 0) await backoff(attempt);
      const { UnprocessedItems } = await clients().document.send(
        new BatchWriteCommand({ RequestItems: { [table]: pending } }),
      );
      pending = UnprocessedItems?.[table] ?? [];
    }
  };
  const parallel = Math.max(1, options.parallel ?? 1);
  for (let start = 0; start < chunks.length; start += parallel) {
    await Promise.all(chunks.slice(start, start + parallel).map(writeChunk));
  }
}
