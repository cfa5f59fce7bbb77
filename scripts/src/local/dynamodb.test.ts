import { readFileSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from './dynamodb.ts';
import { freePort } from './ports.ts';

const commandLine = (pid: number | undefined) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('DynamoDB Local launcher', () => {
  it('runs the launcher compiled once (not its source, recompiled at every start), and answers', async () => {
    for (const attempt of [1, 2]) {
      const emulator = await startDynamoDbLocal({ port: await freePort() });
      try {
        const args = commandLine(emulator.pid);
        expect({ attempt, main: args.includes('DynamoDbBind') }).toEqual({ attempt, main: true });
        expect(args.some((arg) => arg.endsWith('.java'))).toBe(false);
        const client = new DynamoDBClient({
          endpoint: emulator.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        });
        expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        client.destroy();
      } finally {
        await emulator.stop();
      }
    }
    // Two emulator starts: 17 s in a full suite here, so more than the suite's 30 s on a loaded runner.
  }, 90_000);
});
