import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeleteTableCommand, DynamoDBClient, paginateListTables } from '@aws-sdk/client-dynamodb';
import { freePort } from '../local/ports.ts';
import { type Runtime, type RuntimeOptions, startRuntime } from '../local/runtime.ts';
import { type DemoSeed, seedDemo } from '../seed/seed.ts';

export interface TestRuntime extends Runtime {
  options: RuntimeOptions;
  /** The demo company's logins (seeded at start, as `npm start` does). */
  logins: DemoSeed['logins'];
  /** Stops and starts again on the same data folder and ports (the restart a developer does). */
  restart: () => Promise<TestRuntime>;
  /** Stops and removes the data folder. */
  dispose: () => Promise<void>;
}

/** Set by a run's global setup (e2e-global-setup.ts) to the DynamoDB Local its runtimes share. */
export const SHARED_DYNAMODB_ENV = 'ATENDE_SHARED_DYNAMODB_ENDPOINT';

const addressInUse = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE' ||
  (error instanceof Error && error.message.includes('EADDRINUSE'));

/**
 * A whole local runtime on free ports and a fresh data folder, for integration and end-to-end tests. A free
 * port can be taken between the pick and the listen (another process's outgoing connection gets it as its own
 * port): the start is then tried again on new ports (the runtime stops what it had started), a few times.
 */
export async function startTestRuntime(overrides: Partial<RuntimeOptions> = {}): Promise<TestRuntime> {
  const sharedEndpoint = process.env[SHARED_DYNAMODB_ENV];
  // A prefix of its own on the run's shared emulator: kept across a restart, which reuses these options.
  const sharedDynamodb = sharedEndpoint
    ? { endpoint: sharedEndpoint, tablePrefix: `atende-e2e-${randomBytes(4).toString('hex')}-` }
    : undefined;
  for (let attempt = 1; ; attempt += 1) {
    const options: RuntimeOptions = {
      port: await freePort(),
      host: '127.0.0.1',
      dataDir: mkdtempSync(join(tmpdir(), 'atende-runtime-')),
      dynamodbPort: await freePort(),
      s3Port: await freePort(),
      sandboxPort: await freePort(),
      smtpPort: await freePort(),
      webRoot: resolve(import.meta.dirname, '../../../web/dist'),
      productSlug: 'atende',
      log: () => undefined,
      ...(sharedDynamodb ? { sharedDynamodb } : {}),
      ...overrides,
    };
    let runtime: Runtime;
    try {
      runtime = await startRuntime(options);
    } catch (error) {
      rmSync(options.dataDir, { recursive: true, force: true });
      if (attempt >= 3 || !addressInUse(error)) throw error;
      continue;
    }
    return wrap(options, runtime);
  }
}

async function wrap(options: RuntimeOptions, runtime: Runtime): Promise<TestRuntime> {
  const { logins } = await seedDemo();
  return {
    ...runtime,
    options,
    logins,
    restart: async () => {
      await runtime.stop();
      return wrap(options, await startRuntime(options));
    },
    dispose: async () => {
      await runtime.stop();
      rmSync(options.dataDir, { recursive: true, force: true });
      if (options.sharedDynamodb) await dropTables(options.sharedDynamodb);
    },
  };
}

/** Drops a disposed runtime's tables from the shared emulator, so the next files' runtimes share a lean one. */
async function dropTables({
  endpoint,
  tablePrefix,
}: NonNullable<RuntimeOptions['sharedDynamodb']>): Promise<void> {
  const client = new DynamoDBClient({ endpoint });
  try {
    for await (const page of paginateListTables({ client }, {})) {
      for (const name of page.TableNames ?? []) {
        if (name.startsWith(tablePrefix)) await client.send(new DeleteTableCommand({ TableName: name }));
      }
    }
  } finally {
    client.destroy();
  }
}
