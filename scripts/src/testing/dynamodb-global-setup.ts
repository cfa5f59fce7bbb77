import { type DynamoDbLocal, startDynamoDbLocal } from '../local/dynamodb.ts';
import { freePort } from '../local/ports.ts';

/** One emulator per vitest worker (vitest.config.ts runs two files at a time). */
const INSTANCES = 2;

interface Running {
  users: number;
  instances: Promise<DynamoDbLocal[]>;
}

/**
 * The emulators of this run, shared by the projects naming this global setup (the first call starts them). On
 * globalThis: vitest may load a global setup once per project, and run the projects' setups side by side.
 */
const RUNNING = Symbol.for('atende.dynamodb-global-setup');
const shared = globalThis as typeof globalThis & { [RUNNING]?: Running };

async function startInstances(): Promise<DynamoDbLocal[]> {
  const instances = await Promise.all(
    Array.from({ length: INSTANCES }, async () => startDynamoDbLocal({ port: await freePort() })),
  );
  process.env.DYNAMODB_ENDPOINTS = instances.map((instance) => instance.endpoint).join(',');
  process.env.DYNAMODB_ENDPOINT = instances[0]?.endpoint;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  return instances;
}

/**
 * vitest global setup: in-memory DynamoDB Locals for the whole run, one per worker. An emulator runs its
 * requests one at a time on a single SQLite queue, so two files sharing one wait on each other even with a core
 * idle. Each test file makes its own tables under a unique prefix on its worker's emulator
 * (functions/src/testing/dynamodb.ts picks it by VITEST_POOL_ID), so files never see each other's data.
 */
export default async function setup(): Promise<() => Promise<void>> {
  shared[RUNNING] ??= { users: 0, instances: startInstances() };
  const running = shared[RUNNING];
  running.users += 1;
  await running.instances;
  return async () => {
    running.users -= 1;
    if (running.users > 0) return;
    delete shared[RUNNING];
    await Promise.all((await running.instances).map((instance) => instance.stop()));
  };
}
