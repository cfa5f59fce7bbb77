import { pauseTraceOn, pauseTraceSummary } from '@atende/functions/campaigns/pause-trace';
import { benchApiClient } from './api-client.ts';
import type { ProviderSandbox } from '../sandbox/server.ts';
import type { StatusSubscription } from '../sandbox/status-webhooks.ts';
import { formatRow } from './stats.ts';

export interface CampaignsBenchOptions {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  sandbox: ProviderSandbox;
  recipients: number;
  /** The sandbox's per-number cap the governor must stay under (SANDBOX_MPS, 80 by default). */
  mps: number;
}

const PHONE_NUMBER_ID = '106540352249999';
const APP_SECRET = 'bench-secret';
const TAG = 'Campanha Bench';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const phoneOf = (i: number) => `55119${String(80_000_000 + i)}`;

/** `recipients` contacts with the bench tag, through the contact import (the fastest way in). */
async function importAudience(call: ReturnType<typeof benchApiClient>, rows: number): Promise<string> {
  // The import names existing tags only.
  const tag = await call<{ _id: string }>('POST', '/tags', { name: TAG, color: '#1677ff' });
  const lines = ['Nome;Telefone;Tags'];
  for (let i = 0; i < rows; i += 1) lines.push(`Destinatário ${i};+${phoneOf(i)};${TAG}`);
  const content = new TextEncoder().encode(`${lines.join('\n')}\n`);
  const fileName = `campaign-bench-${rows}.csv`;
  const target = await call<{ upload: string; url: string; fields: Record<string, string> }>(
    'POST',
    '/contacts/imports/uploads',
    { file_name: fileName, size: content.byteLength },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
  const upload = await fetch(target.url, { method: 'POST', body: form });
  if (upload.status >= 300) throw new Error(`upload answered ${upload.status}`);
  const { _id } = await call<{ _id: string }>('POST', '/contacts/imports', {
    file_name: fileName,
    upload: target.upload,
    mapping: { full_name: 'Nome', cel_phone: 'Telefone', tags: 'Tags' },
  });
  for (;;) {
    await sleep(1000);
    const state = await call<{ status: string; created: number }>('GET', `/contacts/imports/${_id}`);
    if (state.status === 'failed') throw new Error('the audience import failed');
    if (state.status === 'done') break;
  }
  return tag._id;
}

/** Where the sandbox posts the number's status webhooks: a sandbox in this process, or one over HTTP. */
export type SubscribeStatuses = (subscription: StatusSubscription) => Promise<void>;

export const subscribeOver =
  (sandboxUrl: string): SubscribeStatuses =>
  async ({ phoneNumberId, url, appSecret }) => {
    const response = await fetch(`${sandboxUrl}/_webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number_id: phoneNumberId, url, app_secret: appSecret }),
    });
    if (response.status !== 204) throw new Error(`the sandbox refused the webhook (${response.status})`);
  };

/**
 * An official number on the sandbox (rate 80/s, unlimited tier) whose status webhooks the sandbox posts to the
 * runtime (as Meta does once the app's callback URL is set), an approved template, active sending allowed, and
 * a created campaign to `recipients` tagged contacts: answers the campaign's id and the number's subscription.
 */
export async function prepareBenchCampaign(
  call: ReturnType<typeof benchApiClient>,
  recipients: number,
  subscribe: SubscribeStatuses,
): Promise<{ id: string; subscription: StatusSubscription }> {
  const integration = await call<{ _id: string; webhookUrl: string }>('POST', '/integrations/channels', {
    type: 'official',
    provider: 'meta',
    label: 'Bench campanhas',
    phone: '5511300009999',
    phone_number_id: PHONE_NUMBER_ID,
    access_token: 'bench-token',
    app_secret: APP_SECRET,
    verify_token: 'bench-verify',
  });
  const subscription = { phoneNumberId: PHONE_NUMBER_ID, url: integration.webhookUrl, appSecret: APP_SECRET };
  await subscribe(subscription);
  await call('POST', '/templates', {
    integration: integration._id,
    name: 'bench_oferta',
    body: 'Olá {{1}}!',
    status: 'APPROVED',
  });
  await call('PATCH', '/company/settings', { whatsapp: { whatsapp_official_allow_active: true } });
  // The bench measures throughput: the number's daily tier (1K by default) would pause it at 1,000 recipients.
  await call('PUT', `/campaigns/senders/${integration._id}`, {
    messages_per_second: 80,
    tier: 'TIER_UNLIMITED',
  });
  const tagId = await importAudience(call, recipients);
  const created = await call<{ _id: string }>('POST', '/campaigns', {
    name: 'Bench',
    integration: integration._id,
    template: 'bench_oferta',
    variables: { '1': { source: 'field', value: 'customer_first_name' } },
    audience: { tags: [tagId] },
  });
  return { id: created._id, subscription };
}

/** The Cloud API messages path of the bench's number (what the sandbox meters and records). */
export const benchMessagesPath = (path: string) => path.includes(`/${PHONE_NUMBER_ID}/messages`);

/**
 * A campaign to `recipients` contacts through the sandbox's Cloud API, capped at `mps` per number: the achieved
 * send rate as a share of the cap (from the sandbox's own timestamps of what it accepted), duplicate sends
 * (the same number twice) and the rate-limit errors the sandbox had to answer.
 */
export async function benchCampaigns(options: CampaignsBenchOptions): Promise<void> {
  const call = benchApiClient(options);
  const { sandbox } = options;
  const { id: campaignId } = await prepareBenchCampaign(call, options.recipients, async (subscription) =>
    sandbox.statusWebhooks.subscribe(subscription),
  );
  const created = { _id: campaignId };
  const mine = benchMessagesPath;
  const before = options.sandbox.sent('meta').length;
  const started = performance.now();
  await call('POST', `/campaigns/${created._id}/start`);
  let campaign: { status: number; attempted: number; sent: number; failed: number };
  let lastReport = performance.now();
  for (;;) {
    await sleep(1000);
    campaign = await call('GET', `/campaigns/${created._id}`);
    // Dispatch finished (6) is brief: the campaign moves on to sent (3, final) once the last answers settle.
    if (campaign.status === 6 || campaign.status === 3) break;
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(
        `  … ${campaign.attempted}/${options.recipients} after ${((lastReport - started) / 1000).toFixed(0)} s`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const requests = options.sandbox
    .sent('meta')
    .slice(before)
    .filter((request) => mine(request.path));
  const accepted = requests.filter((request) => request.response.status < 400);
  const limited = requests.filter((request) => request.response.status === 429).length;
  const recipients = accepted.map((request) => (request.body as { to?: string }).to ?? '');
  const times = accepted.map((request) => Date.parse(request.at)).sort((a, b) => a - b);
  const span = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  const rate = span > 0 ? (accepted.length - 1) / span : 0;
  // Where the rate went: the pauses between one accepted send and the next longer than a tenth of a second.
  const gaps = times.slice(1).map((time, index) => time - (times[index] ?? time));
  const pauses = gaps.filter((gap) => gap > 100);
  console.log(
    formatRow(`campaign (${options.recipients} recipients)`, {
      sent: accepted.length,
      msgPerS: rate,
      capShare: `${((rate / options.mps) * 100).toFixed(1)}%`,
      duplicates: recipients.length - new Set(recipients).size,
      rateLimitErrors: limited,
      pausesOver100ms: pauses.length,
      pausedS: pauses.reduce((sum, gap) => sum + gap, 0) / 1000,
      failed: campaign.failed,
      totalS: seconds,
    }),
  );
  if (pauseTraceOn()) printPauseTrace();
  await benchStatusSettling(call, sandbox, campaignId);
}

/** BENCH_TRACE_PAUSES=1: what the runtime was doing during the pauses between sends (see pause-trace.ts). */
function printPauseTrace() {
  const { pauses, pausedMs, phases } = pauseTraceSummary();
  console.log(`  pause trace: ${pauses} pauses over 100 ms, ${(pausedMs / 1000).toFixed(1)} s in all`);
  for (const [phase, { coveredMs, mostOf }] of Object.entries(phases).sort(
    (a, b) => b[1].coveredMs - a[1].coveredMs,
  )) {
    console.log(
      `    ${phase.padEnd(32)} ${(coveredMs / 1000).toFixed(1).padStart(6)} s  most of ${mostOf} pauses`,
    );
  }
}

/** How long after the dispatch the Cloud API's status webhooks took to settle in the campaign's counts. */
const SETTLE_LIMIT_MS = 180_000;

/**
 * The status webhooks the sandbox posted for the campaign (sent, delivered, read for some): once all were
 * posted, the campaign's delivered and read counts are awaited until they match what was posted. Figures: the
 * statuses posted, those the runtime refused, the counts reached and the seconds they took after the dispatch.
 */
async function benchStatusSettling(
  call: ReturnType<typeof benchApiClient>,
  sandbox: ProviderSandbox,
  campaignId: string,
): Promise<void> {
  const started = performance.now();
  await sandbox.statusWebhooks.settled();
  const posted = sandbox.statusWebhooks.posted().filter((status) => status.phoneNumberId === PHONE_NUMBER_ID);
  const expected = {
    delivered: posted.filter((status) => status.status === 'delivered').length,
    read: posted.filter((status) => status.status === 'read').length,
  };
  let counts = { delivered: 0, read: 0, status: 0 };
  while (performance.now() - started < SETTLE_LIMIT_MS) {
    counts = await call('GET', `/campaigns/${campaignId}`);
    if (counts.delivered >= expected.delivered && counts.read >= expected.read) break;
    await sleep(1000);
  }
  console.log(
    formatRow('campaign status webhooks', {
      posted: posted.length,
      refused: posted.filter((status) => status.answered !== 200).length,
      delivered: `${counts.delivered}/${expected.delivered}`,
      read: `${counts.read}/${expected.read}`,
      settledAfterDispatchS: (performance.now() - started) / 1000,
    }),
  );
}
