import { createServer } from 'node:http';
import { createLocalSqs } from './server.ts';

/**
 * A local SQS in a process of its own, for the crash test (durability.test.ts) to kill -9:
 * `crash-child.ts <dataDir> <port>` prints "ready" once it serves the queue "crash".
 */
const [dataDir, port] = process.argv.slice(2) as [string, string];
const baseUrl = `http://127.0.0.1:${port}/sqs`;
const sqs = await createLocalSqs({ dataDir, baseUrl });
await sqs.ensureQueue({ name: 'crash', fifo: false, visibilityTimeoutSeconds: 30 });
createServer((req, res) => sqs.handle(req, res)).listen(Number(port), '127.0.0.1', () => {
  process.stdout.write('ready\n');
});
