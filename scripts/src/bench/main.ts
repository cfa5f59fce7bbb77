import { fileURLToPath } from 'node:url';
import { startTestRuntime } from '../testing/runtime.ts';
import { TABLE_PREFIX } from '../local/runtime.ts';
import { benchAnalytics, benchAnalyticsLag } from './analytics.ts';
import { benchContactWriteCeiling } from './contact-writes.ts';
import { benchContacts } from './contacts.ts';
import { benchDynamoDbWrites } from './dynamodb-writes.ts';
import { benchGatewayHealth } from './gateway-health.ts';
import { benchBot } from './bot.ts';
import { benchCampaignCrash } from './campaign-crash.ts';
import { benchCampaigns } from './campaigns.ts';
import { sandboxMps } from '../sandbox/throughput.ts';
import { benchInbox } from './inbox.ts';
import { benchKnowledgeIndex } from './knowledge-index.ts';
import { benchLambdaBundles } from './lambda-bundles.ts';
import { benchLoginJs } from './login-js.ts';
import { benchRealtimeSequence } from './realtime-sequence.ts';
import { benchSqsBacklog, benchSqsSends } from './sqs-sends.ts';
import { benchWebhooks } from './webhooks.ts';

/** The spec's base size for the contact import and search figures; BENCH_CONTACTS=N runs smaller. */
const FULL_CONTACTS = 100_000;
/** The volume for the analytics figures; BENCH_ANALYTICS_EVENTS=N runs smaller. */
const ANALYTICS_EVENTS = 1_000_000;

/** The analytics figures: event-to-dashboard lag, then overview and breakdown over the volume. */
async function analyticsFigures(
  runtime: Awaited<ReturnType<typeof startTestRuntime>>,
  email: string,
  password: string,
) {
  const login = { baseUrl: runtime.url, adminEmail: email, adminPassword: password };
  // BENCH_ANALYTICS_LAG=0 skips the lag samples (the load and the reads alone).
  const lagSamples = Number(process.env.BENCH_ANALYTICS_LAG ?? 20);
  if (lagSamples > 0) await benchAnalyticsLag({ login, samples: lagSamples });
  await benchAnalytics({
    login,
    dynamodbEndpoint: runtime.endpoints.dynamodb,
    tablePrefix: TABLE_PREFIX,
    events: Number(process.env.BENCH_ANALYTICS_EVENTS ?? ANALYTICS_EVENTS),
  });
}

async function contactFigures(
  runtime: Awaited<ReturnType<typeof startTestRuntime>>,
  admin: { email: string; password: string },
  putItemRate: number,
) {
  const contacts = Number(process.env.BENCH_CONTACTS ?? FULL_CONTACTS);
  if (contacts !== FULL_CONTACTS) {
    console.log(
      `(BENCH_CONTACTS=${contacts}: contact figures below are over ${contacts}, not ${FULL_CONTACTS})`,
    );
  }
  await benchContacts({
    baseUrl: runtime.url,
    streamsIdle: runtime.streamsIdle,
    adminEmail: admin.email,
    adminPassword: admin.password,
    contacts,
    putItemRate,
  });
  // The import's writes alone, on the same emulator: what its rate is bounded by.
  await benchContactWriteCeiling({ rows: Math.min(contacts, 10_000), putItemRate, firstRow: contacts });
}

/** BENCH_CAMPAIGN_CRASH=N recipients (2,000 by default), killed once 40 % were sent. */
const campaignCrash = () =>
  benchCampaignCrash({ recipients: Number(process.env.BENCH_CAMPAIGN_CRASH ?? 2_000), killAt: 0.4 });

/** `npm run bench`: figures from a fresh local runtime on this machine. Numbers are printed, never asserted. */
async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // BENCH_ONLY=<name> runs one figure: the bundle sizes (a whole synth) and the knowledge index go first only in a full run.
  if (!process.env.BENCH_ONLY) {
    benchLambdaBundles(fileURLToPath(new URL('../../../', import.meta.url)));
    await benchKnowledgeIndex();
  }
  // The campaign crash figure runs the runtime in a child process it kills: BENCH_ONLY=campaign-crash runs it alone.
  if (process.env.BENCH_ONLY === 'campaign-crash') return await campaignCrash();
  const runtime = await startTestRuntime();
  try {
    console.log(`Benchmarks on a fresh local runtime (${runtime.url})\n`);
    const admin = runtime.logins.find((login) => login.role === 'admin');
    if (!admin) throw new Error('the demo seed has no admin');
    // BENCH_CAMPAIGN=N recipients, 10,000 by default.
    const campaigns = () =>
      benchCampaigns({
        baseUrl: runtime.url,
        adminEmail: admin.email,
        adminPassword: admin.password,
        sandbox: runtime.sandbox,
        recipients: Number(process.env.BENCH_CAMPAIGN ?? 10_000),
        mps: sandboxMps(),
      });
    // BENCH_ONLY=campaigns runs only the campaign figures.
    if (process.env.BENCH_ONLY === 'campaigns') {
      await campaigns();
      await campaignCrash();
      return;
    }
    // BENCH_ONLY=analytics runs the analytics figures alone.
    if (process.env.BENCH_ONLY === 'analytics') {
      await analyticsFigures(runtime, admin.email, admin.password);
      return;
    }
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
    // BENCH_ONLY=inbox goes straight to the inbox figures: the frame sequence, gateway, login and SQS figures
    // before it take minutes on a loaded machine and say nothing about the inbox path.
    const inboxOnly = process.env.BENCH_ONLY === 'inbox';
    if (!inboxOnly) await benchRealtimeSequence();
    // BENCH_ONLY=realtime measures the realtime frame sequence alone.
    if (process.env.BENCH_ONLY === 'realtime') return;
    // BENCH_ONLY=contacts runs the contact import and search figures alone.
    if (process.env.BENCH_ONLY === 'contacts') return await contactFigures(runtime, admin, putItemRate);
    if (!inboxOnly) {
      await benchGatewayHealth(runtime.url);
      await benchLoginJs(runtime.url);
      await benchSqsSends(runtime.endpoints.sqs, runtime.credentials);
      benchSqsBacklog();
    }
    await benchInbox({
      baseUrl: runtime.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      visitors: 20,
      messagesPerVisitor: 20,
      putItemRate,
    });
    await campaigns();
    if (!process.env.BENCH_ONLY) await campaignCrash();
    // The 90-day volume figures run only under BENCH_ONLY=analytics: their load takes about four minutes here.
    await benchAnalyticsLag({
      login: { baseUrl: runtime.url, adminEmail: admin.email, adminPassword: admin.password },
      samples: 20,
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
    await contactFigures(runtime, admin, putItemRate);
  } finally {
    await runtime.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
