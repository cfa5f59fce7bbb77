import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTables } from '../../testing/dynamodb.ts';
import { emulatorClientConfig } from '../clients.ts';
import { config } from '../config.ts';
import { LOCAL_LOCK_TIMEOUT, retryLocalLockTimeouts } from './local-lock-timeout.ts';

beforeAll(async () => {
  await useTestTables();
});

/** A client of the test emulator whose first `failures` requests fail as DynamoDB Local's lock timeout does. */
function clientFailing(failures: number, message: string) {
  const client = new DynamoDBClient({ endpoint: config().dynamodbEndpoint });
  retryLocalLockTimeouts(client, 4);
  let sent = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      sent += 1;
      if (sent <= failures) throw Object.assign(new Error(message), { name: 'InternalFailure' });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'emulatorLockTimeout' },
  );
  return { client, sent: () => sent };
}

const lockTimeout = `This action timed out because it ${LOCAL_LOCK_TIMEOUT}. This request will succeed in actual DynamoDB API`;

describe("DynamoDB Local's table-lock timeout", () => {
  it('is sent again until the emulator answers', async () => {
    const { client, sent } = clientFailing(3, lockTimeout);
    const answer = await client.send(new ListTablesCommand({ Limit: 1 }));
    expect(answer.TableNames).toBeDefined();
    expect(sent()).toBe(4);
  });

  it('fails after its attempts, and any other error at once', async () => {
    const stuck = clientFailing(10, lockTimeout);
    await expect(stuck.client.send(new ListTablesCommand({ Limit: 1 }))).rejects.toThrow(LOCAL_LOCK_TIMEOUT);
    expect(stuck.sent()).toBe(4);
    const other = clientFailing(1, 'Requested resource not found');
    await expect(other.client.send(new ListTablesCommand({ Limit: 1 }))).rejects.toThrow('not found');
    expect(other.sent()).toBe(1);
  });
});

describe('a DynamoDB Local request left unanswered', () => {
  it('fails after the request timeout instead of waiting forever', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer(() => undefined);
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const client = new DynamoDBClient({
      ...emulatorClientConfig(`http://127.0.0.1:${port}`, 200),
      maxAttempts: 2,
    });
    try {
      const started = Date.now();
      await expect(client.send(new ListTablesCommand({ Limit: 1 }))).rejects.toThrow(/timeout|timed out/i);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      client.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
