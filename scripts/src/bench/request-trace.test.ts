import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { countDynamoRequests, totalOf } from './request-trace.ts';

describe('bench request counter', () => {
  it('is installed once per client: a second call answers the running counter, and each request counts once', async () => {
    const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    try {
      const first = countDynamoRequests(client);
      const second = countDynamoRequests(client);
      expect(second).toBe(first);
      await client.send(new ListTablesCommand({}));
      await client.send(new ListTablesCommand({}));
      expect(Object.fromEntries(first)).toEqual({ ListTablesCommand: 2 });
      expect(totalOf(second)).toBe(2);
    } finally {
      client.destroy();
    }
  });
});
