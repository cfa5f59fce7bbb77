import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export const JAVA_MISSING_MESSAGE =
  'Java não encontrado: o DynamoDB Local precisa de um Java 17 ou mais novo. ' +
  'Instale-o com: sudo apt-get install default-jre-headless';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /** The emulator's JVM (crash tests SIGKILL it). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

export interface DynamoDbLocalOptions {
  port: number;
  /** The one address DynamoDB Local listens on (loopback unless told otherwise). */
  host?: string;
  /** Folder for the database files; omitted means in memory (tests). */
  dbPath?: string;
  /** Milliseconds to wait for the emulator to answer. */
  startTimeoutMs?: number;
}

/** Runs DynamoDB Local bound to one address (java runs a single source file without a separate compile). */
const BIND_LAUNCHER = fileURLToPath(new URL('./dynamodb-bind.java', import.meta.url));

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export function javaAvailable(): boolean {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return result.status === 0;
}

async function waitUntilReady(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms`);
  } finally {
    client.destroy();
  }
}

/** Starts the official DynamoDB Local jar (shipped in amplify-dynamodb-simulator) with Java. */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  if (!javaAvailable()) throw new Error(JAVA_MISSING_MESSAGE);
  const dir = emulatorDir();
  const host = options.host ?? '127.0.0.1';
  const args = [
    '-Xmx1g',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-cp',
    [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter),
    BIND_LAUNCHER,
    host,
    '-sharedDb',
    '-disableTelemetry',
    '-port',
    String(options.port),
  ];
  if (options.dbPath) {
    mkdirSync(options.dbPath, { recursive: true });
    args.push('-dbPath', options.dbPath);
  } else {
    args.push('-inMemory');
  }
  // DynamoDB Local writes a metadata file into its working directory: keep it out of the repository.
  const child = spawn('java', args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: options.dbPath ?? tmpdir() });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const endpoint = `http://${host.includes(':') ? `[${host}]` : host}:${options.port}`;
  try {
    await waitUntilReady(endpoint, child, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint,
    port: options.port,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
