import { startTestRuntime } from '../testing/runtime.ts';
import { TABLE_PREFIX } from '../local/runtime.ts';
import { benchDynamoDbWrites } from './dynamodb-writes.ts';
import { benchGatewayHealth } from './gateway-health.ts';
import { benchInbox } from './inbox.ts';

/** `npm run bench`: figures from a fresh local runtime on this machine. Numbers are printed, never asserted. */
async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const runtime = await startTestRuntime();
  try {
    console.log(`Benchmarks on a fresh local runtime (${runtime.url})\n`);
    await benchDynamoDbWrites(runtime.endpoints.dynamodb, TABLE_PREFIX);
    await benchGatewayHealth(runtime.url);
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('the demo seed has no admin');
    await benchInbox({
      baseUrl: runtime.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      visitors: 20,
      messagesPerVisitor: 20,
    });
  } finally {
    await runtime.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
