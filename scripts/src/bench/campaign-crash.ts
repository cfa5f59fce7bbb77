import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../local/ports.ts';
import { sandboxMps } from '../sandbox/throughput.ts';
import { benchApiClient } from './api-client.ts';
import { prepareBenchCampaign, subscribeOver } from './campaigns.ts';
import { formatRow } from './stats.ts';

const TSX = createRequire(import.meta.url).resolve('tsx');
const CHILD = join(import.meta.dirname, 'campaign-crash-child.ts');
/** The child's ready line's prefix (handlers log JSON lines on the same stdout). */
export const READY = 'campaign-crash-child ready ';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  url: string;
  email: string;
  password: string;
}

/** Starts the runtime child (its own process group, so SIGKILL takes DynamoDB Local's JVM down with it). */
function startChild(env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(process.execPath, ['--import', TSX, CHILD], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (!line.startsWith(READY)) return;
      const ready = JSON.parse(line.slice(READY.length)) as { url: string; email: string; password: string };
      resolve({ child, ...ready });
    });
    child.once('exit', (code) => reject(new Error(`runtime child exited (${code}): ${errors}`)));
  });
}

/** `kill -9` of the whole runtime: the node process and everything it spawned. */
async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.pid) process.kill(-child.pid, 'SIGKILL');
  await exited;
}

interface LoggedRequest {
  to: string;
  at: string;
  /** What the sandbox answered: below 400 accepted (sent), 429 its rate limit (130429). */
  status: number;
}

const readLog = (file: string): LoggedRequest[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as LoggedRequest)
    : [];

/** What the sandbox accepted: the messages that reached someone. */
const readSentLog = (file: string): LoggedRequest[] => readLog(file).filter((entry) => entry.status < 400);

/** Sends per second from the first accepted send to the last of `sends`, as a share of the cap. */
function capShare(sends: readonly LoggedRequest[], mps: number): string {
  const times = sends.map((send) => Date.parse(send.at)).sort((a, b) => a - b);
  const span = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  return span > 0 ? `${(((sends.length - 1) / span / mps) * 100).toFixed(1)}%` : 'n/a';
}

/**
 * Exactly one message per contact per campaign across a crash: a campaign to `recipients` contacts on a local
 * runtime in a child process, `kill -9` of that process group (runtime, SQS, DynamoDB Local) once about
 * `killAt` of the audience was sent, a restart on the same data folder and ports, and the campaign left to
 * finish by itself. What the sandbox's Cloud API accepted is appended to a file as it happens, so it outlives
 * the crash: the figures are the duplicates in it (target 0), the sends whose outcome the crash made unknown
 * (reconciled as failed with outcome_unknown, never resent) and the time the restart took to finish.
 */
export async function benchCampaignCrash(options: { recipients: number; killAt: number }): Promise<void> {
  // The sandbox's per-number cap (SANDBOX_MPS, 80 by default): the rates are a share of it.
  const mps = sandboxMps();
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-campaign-crash-'));
  const sentLog = join(dataDir, 'sandbox-sent.jsonl');
  const webRoot = mkdtempSync(join(tmpdir(), 'atende-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Atende</title>');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: join(dataDir, 'data'),
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    S3_PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    WEB_ROOT: webRoot,
    SANDBOX_SENT_LOG: sentLog,
    SEED_DEMO: '0',
  };
  let running: Started | undefined;
  try {
    running = await startChild(env);
    const login = { baseUrl: running.url, adminEmail: running.email, adminPassword: running.password };
    const call = benchApiClient(login);
    // The sandbox lives in the runtime's process: its status webhooks die with it and start again with it.
    const subscribe = subscribeOver(`http://127.0.0.1:${env.SANDBOX_PORT}`);
    const { id, subscription } = await prepareBenchCampaign(call, options.recipients, subscribe);
    await call('POST', `/campaigns/${id}/start`);
    const killAfter = Math.max(1, Math.floor(options.recipients * options.killAt));
    while (readSentLog(sentLog).length < killAfter) await sleep(100);
    await killHard(running.child);
    const sentBeforeCrash = readSentLog(sentLog).length;
    const restarted = performance.now();
    running = await startChild(env);
    await subscribe(subscription);
    const again = benchApiClient({ ...login, baseUrl: running.url });
    let campaign: { status: number; sent: number; failed: number; failures_by_code?: Record<string, number> };
    for (;;) {
      await sleep(1000);
      campaign = await again('GET', `/campaigns/${id}`);
      if (campaign.status === 3 || campaign.status === 6) break;
    }
    const seconds = (performance.now() - restarted) / 1000;
    const requests = readLog(sentLog);
    const sends = requests.filter((entry) => entry.status < 400);
    const numbers = sends.map((send) => send.to);
    const seen = new Map<string, number[]>();
    sends.forEach((send, index) => seen.set(send.to, [...(seen.get(send.to) ?? []), index]));
    for (const [to, lines] of seen) {
      if (lines.length < 2) continue;
      const when = lines.map((line) => `${sends[line]?.at}${line < sentBeforeCrash ? ' (before kill)' : ''}`);
      console.log(`  duplicate to ${to}: ${when.join(', ')}`);
    }
    console.log(
      formatRow(`campaign kill -9 (${options.recipients} recipients)`, {
        sentBeforeKill: sentBeforeCrash,
        sentTotal: sends.length,
        duplicates: numbers.length - new Set(numbers).size,
        capShareBeforeKill: capShare(sends.slice(0, sentBeforeCrash), mps),
        capShareAfterRestart: capShare(sends.slice(sentBeforeCrash), mps),
        rateLimited: requests.filter((entry) => entry.status === 429).length,
        outcomeUnknown: campaign.failures_by_code?.outcome_unknown ?? 0,
        failed: campaign.failed,
        finishS: seconds,
      }),
    );
  } finally {
    if (running) await killHard(running.child).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webRoot, { recursive: true, force: true });
  }
}
