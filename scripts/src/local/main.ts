import { seedDemoAi } from '../seed/demo-ai.ts';
import { seedDemoContent } from '../seed/demo-content.ts';
import { seedDemo } from '../seed/seed.ts';
import { runtimeOptionsFromEnv, startRuntime } from './runtime.ts';

/** `npm start`: the whole product on one machine, on the same handler code as AWS. */
async function main(): Promise<void> {
  // Lambda runs Node 22; the SDK's notice about this machine's Node 20 is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const options = runtimeOptionsFromEnv();
  const started = performance.now();
  const runtime = await startRuntime(options);
  const seeded = await seedDemo();
  // A first login shows a working product (channel, contacts, conversations in every state); SEED_DEMO=0 skips.
  if (process.env.SEED_DEMO !== '0') {
    await seedDemoContent(runtime.url, seeded);
    // The demo company's AI model is the sandbox's OpenAI-compatible fake, so assistants work offline.
    await seedDemoAi(runtime.url, seeded, `${runtime.sandbox.baseUrls.openai}/v1`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `Atende local runtime is up in ${seconds}s — open ${runtime.url}`,
    `  data folder: ${options.dataDir}`,
    `  health:      ${runtime.url}/api/health`,
    `  DynamoDB:    ${runtime.endpoints.dynamodb}`,
    `  SQS:         ${runtime.endpoints.sqs}`,
    `  S3:          ${runtime.endpoints.s3}`,
    `  WebSocket:   ws://${options.host}:${options.port}/ws`,
    `  Sandbox:     ${runtime.sandbox.url}  (provider fakes; play the customer with npm run sandbox)`,
    `  SMTP:        smtp://${runtime.sandbox.smtp.host}:${runtime.sandbox.smtp.port}  (outbound e-mail sink; mail to an e-mail integration is inbound)`,
    '',
    `Demo company "${seeded.company.name}" logins:`,
    ...seeded.logins.map((login) => `  ${login.role.padEnd(9)} ${login.email}  /  ${login.password}`),
    '',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
