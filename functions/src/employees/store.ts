import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../auth/keys.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';

/** The ids among `ids` that are employees of the company (one BatchGetItem per 100). */
export async function existingEmployeeIds(companyId: string, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  const found = new Set<string>();
  const table = config().mainTable;
  for (let start = 0; start < wanted.length; start += 100) {
    let pending: Record<string, unknown>[] = wanted
      .slice(start, start + 100)
      .map((id) => keys.employee(companyId, id));
    for (let attempt = 0; pending.length > 0 && attempt < 5; attempt += 1) {
      const result = await clients().document.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ConsistentRead: true,
              ProjectionExpression: '#id',
              ExpressionAttributeNames: { '#id': '_id' },
            },
          },
        }),
      );
      for (const item of result.Responses?.[table] ?? []) found.add(String(item._id));
      pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    if (pending.length > 0) throw new Error('employee lookup left unprocessed keys');
  }
  return found;
}

/**
 * Active employees of the company, counted over the employees index. Used once per company to start the
 * active-user counter kept on the company item; from then on the counter moves with each change.
 */
export async function countActiveEmployees(companyId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'attribute_not_exists(inactive) OR inactive = :false',
        ExpressionAttributeValues: { ':pk': keys.employeesIndex(companyId), ':false': false },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
