import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
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

/** Runs DynamoDB Local bound to one address. */
const BIND_LAUNCHER = fileURLToPath(new URL('./DynamoDbBind.java', import.meta.url));
const BIND_CLASS = 'DynamoDbBind';

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

/** `java -version`'s report (it prints on stderr), or undefined without a working Java. */
function javaVersion(): string | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stderr : undefined;
}

export function javaAvailable(): boolean {
  return javaVersion() !== undefined;
}

/**
 * The launcher's class folder, compiled once per launcher source and Java version into the OS temp folder.
 * Running the .java file itself recompiles it in memory at every start (about 2.5 s of a 7 s start here, and
 * the tests and the local runtime start the emulator dozens of times). Compiled beside and renamed into place,
 * so processes starting at once never see half a folder; undefined (run the source) when it cannot compile.
 */
function compiledLauncher(classPath: string, version: string): string | undefined {
  const digest = createHash('sha256').update(readFileSync(BIND_LAUNCHER)).update(version).digest('hex');
  const dir = join(tmpdir(), 'atende-dynamodb-bind', digest.slice(0, 16));
  if (existsSync(join(dir, `${BIND_CLASS}.class`))) return dir;
  const building = `${dir}.${process.pid}.tmp`;
  // javac's own entry point: a JRE without the javac command still has the compiler module the source
  // launcher uses.
  const result = spawnSync(
    'java',
    ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-cp', classPath, '-d', building, BIND_LAUNCHER],
    { stdio: 'ignore' },
  );
  try {
    if (result.status !== 0) return undefined;
    renameSync(building, dir);
    return dir;
  } catch {
    // Another process put its copy there first.
    return existsSync(join(dir, `${BIND_CLASS}.class`)) ? dir : undefined;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
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
  const version = javaVersion();
  if (version === undefined) throw new Error(JAVA_MISSING_MESSAGE);
  const dir = emulatorDir();
  const host = options.host ?? '127.0.0.1';
  const classPath = [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter);
  const compiled = compiledLauncher(classPath, version);
  const args = [
    '-Xmx1g',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-cp',
    ...(compiled ? [[classPath, compiled].join(delimiter), BIND_CLASS] : [classPath, BIND_LAUNCHER]),
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
