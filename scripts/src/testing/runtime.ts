import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

const addressInUse = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE' ||
  (error instanceof Error && error.message.includes('EADDRINUSE'));

/**
 * A whole local runtime on free ports and a fresh data folder, for integration and end-to-end tests. A free
 * port can be taken between the pick and the listen (another process's outgoing connection gets it as its own
 * port): the start is then tried again on new ports (the runtime stops what it had started), a few times.
 */
export async function startTestRuntime(overrides: Partial<RuntimeOptions> = {}): Promise<TestRuntime> {
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
    },
  };
}
