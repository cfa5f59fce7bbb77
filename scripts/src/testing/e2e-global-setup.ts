import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal } from '../local/dynamodb.ts';
import { freePort } from '../local/ports.ts';
import { SHARED_DYNAMODB_ENV } from './runtime.ts';

/**
 * vitest global setup of the end-to-end run: one DynamoDB Local for every file, keeping its data on disk as
 * `npm start`'s does. Each file's runtime makes its tables on it under a prefix of its own (startTestRuntime)
 * and drops them when disposed. Starting the emulator is 3.6 s of a runtime's 6 s start here, and a JVM kept
 * warm answers the later files faster.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dbPath = mkdtempSync(join(tmpdir(), 'atende-e2e-dynamodb-'));
  const dynamodb = await startDynamoDbLocal({ port: await freePort(), dbPath });
  process.env[SHARED_DYNAMODB_ENV] = dynamodb.endpoint;
  return async () => {
    delete process.env[SHARED_DYNAMODB_ENV];
    await dynamodb.stop();
    rmSync(dbPath, { recursive: true, force: true });
  };
}
