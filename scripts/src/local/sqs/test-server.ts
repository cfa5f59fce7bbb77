import { mkdtemp, rm } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { freePort } from '../ports.ts';
import { type LocalSqs, type LocalSqsOptions, createLocalSqs } from './server.ts';

/** A local SQS on a real HTTP server for tests, with a client pointed at it and a clock the test can move. */
export interface TestSqs {
  sqs: LocalSqs;
  client: SQSClient;
  endpoint: string;
  dataDir: string;
  /** Moves the server's clock forward without sleeping. */
  advance(ms: number): void;
  /** Closes the server and opens a new one on the same data folder, as a process restart would. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestSqs(): Promise<TestSqs> {
  const dataDir = await mkdtemp(join(tmpdir(), 'local-sqs-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}/sqs`;
  let offset = 0;
  const options: LocalSqsOptions = { dataDir, baseUrl: endpoint, now: () => Date.now() + offset };
  let sqs = await createLocalSqs(options);
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/sqs')) sqs.handle(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const client = new SQSClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const handle: TestSqs = {
    get sqs() {
      return sqs;
    },
    client,
    endpoint,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    restart: async () => {
      await sqs.close();
      sqs = await createLocalSqs(options);
    },
    stop: async () => {
      client.destroy();
      await sqs.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
