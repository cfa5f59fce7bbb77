import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from './clients.ts';
import { config } from './config.ts';

/** Every item of a partition of the main table whose sort key starts with `prefix`, through all pages. */
export async function queryAllByPrefix(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
