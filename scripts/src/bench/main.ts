import { fileURLToPath } from 'node:url';
import { startTestRuntime } from '../testing/runtime.ts';
import { TABLE_PREFIX } from '../local/runtime.ts';
import { benchContacts } from './contacts.ts';
import { benchDynamoDbWrites } from './dynamodb-writes.ts';
import { benchGatewayHealth } from './gateway-health.ts';
import { benchBot } from './bot.ts';
import { benchInbox } from './inbox.ts';
import { benchLambdaBundles } from './lambda-bundles.ts';
import { benchLoginJs } from './login-js.ts';
import { benchSqsSends } from './sqs-sends.ts';
import { benchWebhooks } from './webhooks.ts';

/** The spec's base size for the contact import and search figures; BENCH_CONTACTS=N runs smaller. */
const FULL_CONTACTS = 100_000;

/** `npm run bench`: figures from a fresh local runtime on this machine. Numbers are printed, never asserted. */
async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  benchLambdaBundles(fileURLToPath(new URL('../../../', import.meta.url)));
  const runtime = await startTestRuntime();
  try {
    console.log(`Benchmarks on a fresh local runtime (${runtime.url})\n`);
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('the demo seed has no admin');
    const webhooks = () =>
      benchWebhooks({
        baseUrl: runtime.url,
        adminEmail: admin.email,
        adminPassword: admin.password,
        contacts: 50,
        apiCalls: 100,
      });
    // BENCH_ONLY=webhooks measures outbound webhooks and API-key calls alone.
    if (process.env.BENCH_ONLY === 'webhooks') return await webhooks();
    const putItemRate = await benchDynamoDbWrites(runtime.endpoints.dynamodb, TABLE_PREFIX);
    await benchGatewayHealth(runtime.url);
    await benchLoginJs(runtime.url);
    await benchSqsSends(runtime.endpoints.sqs, runtime.credentials);
    await benchInbox({
      baseUrl: runtime.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      visitors: 20,
      messagesPerVisitor: 20,
      putItemRate,
    });
    // BENCH_ONLY=inbox stops here (the contact figures take about ten minutes).
    if (process.env.BENCH_ONLY === 'inbox') return;
    await webhooks();
    await benchBot({
      baseUrl: runtime.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      visitors: 10,
      messagesPerVisitor: 10,
    });
    const contacts = Number(process.env.BENCH_CONTACTS ?? FULL_CONTACTS);
    if (contacts !== FULL_CONTACTS) {
      console.log(
        `(BENCH_CONTACTS=${contacts}: contact figures below are over ${contacts}, not ${FULL_CONTACTS})`,
      );
    }
    await benchContacts({
      baseUrl: runtime.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      contacts,
    });
  } finally {
    await runtime.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
