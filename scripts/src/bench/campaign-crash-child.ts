import { runtimeOptionsFromEnv, startRuntime } from '../local/runtime.ts';
import { seedDemo } from '../seed/seed.ts';
import { READY } from './campaign-crash.ts';

/**
 * The local runtime in a process of its own, for the campaign crash bench (campaign-crash.ts): it starts on the
 * ports and data folder of its environment (as `npm start` does), seeds the demo company (again, on a restart)
 * and prints one line, READY and the JSON `{url, email, password}`, once it answers. The bench kills it with SIGKILL.
 */
async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const runtime = await startRuntime({ ...runtimeOptionsFromEnv(), log: () => undefined });
  const { logins } = await seedDemo();
  const admin = logins.find((login) => login.role === 'admin');
  if (!admin) throw new Error('the demo seed has no admin');
  process.stdout.write(
    `${READY}${JSON.stringify({ url: runtime.url, email: admin.email, password: admin.password })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
