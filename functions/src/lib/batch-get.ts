import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from './clients.ts';
import { config } from './config.ts';

const ATTEMPTS = 5;

/** Items of the main table by key, 100 per BatchGetItem, unprocessed keys retried (bounded); missing keys are absent. */
export async function batchGetMain(
  keys: readonly Record<string, unknown>[],
  projection?: { expression: string; names: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  const table = config().mainTable;
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + 100);
    for (let attempt = 0; pending.length > 0 && attempt < ATTEMPTS; attempt += 1) {
      const result = await clients().document.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ...(projection
                ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }
                : {}),
            },
          },
        }),
      );
      found.push(...(result.Responses?.[table] ?? []));
      pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    if (pending.length > 0) throw new Error('batch get left unprocessed keys');
  }
  return found;
}
