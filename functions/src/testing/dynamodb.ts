import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '@atende/shared/infra/env';
import { TABLES } from '@atende/shared/infra/tables';
import { resetClients } from '../lib/clients.ts';
import { resetConfig } from '../lib/config.ts';
import { ensureTables } from '../lib/tables.ts';

/**
 * The emulator of this file's vitest worker: the global setup starts one per worker (DYNAMODB_ENDPOINTS), so
 * two files running side by side never queue behind each other's requests.
 */
function workerEndpoint(): string | undefined {
  const endpoints = (process.env.DYNAMODB_ENDPOINTS ?? '').split(',').filter(Boolean);
  if (endpoints.length === 0) return process.env[ENV.dynamodbEndpoint];
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? '1') || 1);
  return endpoints[(worker - 1) % endpoints.length];
}

/**
 * Gives a test file its own tables in its worker's DynamoDB Local (started by the global setup) and points the
 * functions' configuration at them.
 */
export async function useTestTables(): Promise<{ prefix: string }> {
  const endpoint = workerEndpoint();
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: run through vitest (global setup)');
  process.env[ENV.dynamodbEndpoint] = endpoint;
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
