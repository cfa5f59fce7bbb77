import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { type TableDefinition, tableName } from '@atende/shared/infra/tables';

const projection = { ProjectionType: 'ALL' as const };

async function describe(client: DynamoDBClient, name: string) {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/**
 * Creates each table from its definition, or brings an existing one up to date (missing indexes, stream, TTL).
 * Used by the local runtime at start and by tests; AWS gets the same definitions through CDK.
 */
export async function ensureTables(
  client: DynamoDBClient,
  prefix: string,
  tables: readonly TableDefinition[],
): Promise<void> {
  for (const table of tables) {
    const name = tableName(prefix, table);
    const existing = await describe(client, name);
    const keyAttributes = new Set([table.partitionKey, table.sortKey]);
    for (const index of table.indexes) {
      keyAttributes.add(index.partitionKey);
      keyAttributes.add(index.sortKey);
    }
    const AttributeDefinitions = [...keyAttributes].map((AttributeName) => ({
      AttributeName,
      AttributeType: 'S' as const,
    }));
    if (!existing) {
      await client.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions,
          ...(table.stream
            ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream.viewType } }
            : {}),
          KeySchema: [
            { AttributeName: table.partitionKey, KeyType: 'HASH' },
            { AttributeName: table.sortKey, KeyType: 'RANGE' },
          ],
          ...(table.indexes.length > 0
            ? {
                GlobalSecondaryIndexes: table.indexes.map((index) => ({
                  IndexName: index.name,
                  KeySchema: [
                    { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
                    { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
                  ],
                  Projection: projection,
                })),
              }
            : {}),
        }),
      );
      await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: name });
    } else {
      const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
      for (const index of table.indexes.filter((candidate) => !present.has(candidate.name))) {
        await client.send(
          new UpdateTableCommand({
            TableName: name,
            AttributeDefinitions,
            GlobalSecondaryIndexUpdates: [
              {
                Create: {
                  IndexName: index.name,
                  KeySchema: [
                    { AttributeName: index.partitionKey, KeyType: 'HASH' },
                    { AttributeName: index.sortKey, KeyType: 'RANGE' },
                  ],
                  Projection: projection,
                },
              },
            ],
          }),
        );
      }
    }
    if (existing && table.stream && !existing.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: name,
          StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream.viewType },
        }),
      );
    }
    if (table.ttlAttribute) {
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
      if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: name,
            TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
          }),
        );
      }
    }
  }
}
