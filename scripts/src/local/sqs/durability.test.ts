import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../ports.ts';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');
const children: ChildProcess[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startChild(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', TSX, CHILD, dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`local SQS child exited with ${code}`)));
  });
  return child;
}

function killNine(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('local SQS durability', () => {
  it('loses no accepted message when the process is killed -9 while sends are in flight', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sqs-crash-'));
    const port = await freePort();
    const endpoint = `http://127.0.0.1:${port}/sqs`;
    const QueueUrl = `${endpoint}/000000000000/crash`;
    const accepted = new Set<string>();
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const child = await startChild(dataDir, port);
      const client = new SQSClient({
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      });
      let stop = false;
      // Eight senders keep requests in flight, single and batched, until the kill cuts them off.
      const senders = Array.from({ length: 8 }, async (_, sender) => {
        for (let n = 0; !stop; n += 1) {
          const body = `c${cycle}-s${sender}-n${n}`;
          try {
            if (n % 2 === 0) {
              await client.send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
              accepted.add(body);
            } else {
              const entries = [0, 1, 2].map((i) => ({ Id: `e${i}`, MessageBody: `${body}-b${i}` }));
              const result = await client.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries }));
              for (const ok of result.Successful ?? []) accepted.add(`${body}-b${ok.Id?.slice(1)}`);
            }
          } catch {
            return; // the process is gone: whatever was not answered may or may not be kept
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 250 + cycle * 150));
      await killNine(child);
      stop = true;
      await Promise.all(senders);
      client.destroy();
    }
    expect(accepted.size).toBeGreaterThan(50);

    await startChild(dataDir, port);
    const client = new SQSClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const kept = new Set<string>();
    for (;;) {
      const { Messages } = await client.send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 300 }),
      );
      if (!Messages?.length) break;
      for (const message of Messages) kept.add(message.Body ?? '');
    }
    client.destroy();
    const lost = [...accepted].filter((body) => !kept.has(body));
    expect(lost).toEqual([]);
  }, 60_000);
});
