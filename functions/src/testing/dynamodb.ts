import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '@atende/shared/infra/env';
import { TABLES } from '@atende/shared/infra/tables';
import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';
import { ensureTables } from '../lib/tables.ts';

/**
 * Gives a test file its own tables in the run's DynamoDB Local (started by the global setup) and points the
 * functions' configuration at them.
 */
export async function useTestTables(): Promise<{ prefix: string }> {
  const endpoint = process.env[ENV.dynamodbEndpoint];
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: run through vitest (global setup)');
  const prefix = `t${randomBytes(4).toString('hex')}-`;
  process.env[ENV.tablePrefix] = prefix;
  process.env[ENV.stage] = 'test';
  resetConfig();
  resetClients();
  const client = new DynamoDBClient({ endpoint });
  try {
    await ensureTables(client, prefix, TABLES);
  } finally {
    client.destroy();
  }
  return { prefix };
}
