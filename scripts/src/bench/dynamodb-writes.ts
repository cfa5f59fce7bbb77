import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE, tableName } from '@atende/shared/infra/tables';
import { formatRow } from './stats.ts';

/**
 * The machine's raw DynamoDB Local write rate: single PutItem calls from one Node client with a few in flight,
 * the yardstick other benchmarks are compared against.
 */
export async function benchDynamoDbWrites(
  endpoint: string,
  tablePrefix: string,
  total = 2000,
): Promise<number> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint }));
  const TableName = tableName(tablePrefix, MAIN_TABLE);
  const concurrency = 8;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await client.send(
          new PutCommand({ TableName, Item: { pk: 'C#bench#', sk: `ITEM#${i}`, value: 'x'.repeat(200) } }),
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  client.destroy();
  const rate = total / seconds;
  console.log(formatRow('dynamodb-local PutItem', { items: total, concurrency, 'items/s': rate }));
  return rate;
}
