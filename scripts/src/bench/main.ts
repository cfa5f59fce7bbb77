import { startTestRuntime } from '../testing/runtime.ts';
import { TABLE_PREFIX } from '../local/runtime.ts';
import { benchDynamoDbWrites } from './dynamodb-writes.ts';
import { benchGatewayHealth } from './gateway-health.ts';

/** `npm run bench`: figures from a fresh local runtime on this machine. Numbers are printed, never asserted. */
async function main(): Promise<void> {
  const runtime = await startTestRuntime();
  try {
    console.log(`Benchmarks on a fresh local runtime (${runtime.url})\n`);
    await benchDynamoDbWrites(runtime.endpoints.dynamodb, TABLE_PREFIX);
    await benchGatewayHealth(runtime.url);
  } finally {
    await runtime.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
