import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Contribution, ConversationFact } from '@atende/functions/analytics/facts';
import { ledgerKeys, rollupItem } from '@atende/functions/analytics/ledger-store';
import {
  addContribution,
  bucketOf,
  dimensionsOf,
  emptyRollup,
  type Grain,
  GRAINS,
  type Partition,
  type Rollup,
} from '@atende/functions/analytics/rollup';
import type { ItemKey } from '@atende/functions/lib/dynamo/batch-get';
import { cpus, loadavg } from 'node:os';
import { type BenchLogin, benchApiClient } from './api-client.ts';
import { MAIN_TABLE, tableName } from '@atende/shared/infra/tables';
import { DEMO } from '../seed/seed.ts';
import { formatRow, percentile } from './stats.ts';

/** Each synthetic conversation is five events: opened, customer message, assigned, first reply, closed. */
const EVENTS_PER_CONVERSATION = 5;
const DAYS = 90;
const CHANNELS = ['whatsapp', 'widget', 'messenger'] as const;
const DEPARTMENTS = [DEMO.departments.sales, DEMO.departments.support];
const EMPLOYEES = Object.values(DEMO.employees).map((employee) => ({
  _id: employee.id,
  name: employee.name,
}));

/** A deterministic pseudo-random sequence, so every run writes the same volume. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The rollup items one million conversation events produce, built with the ledger's own functions
 * (addContribution, rollupItem) instead of replaying the events through the consumer, which at this machine's
 * DynamoDB Local write rate would take hours: the read path measured here is the same. Partitions written:
 * what `dimensionsOf` gives a conversation without tags or tabulation, less the tabulation ones (`all`,
 * `combo`, `by_channel`, `by_department`, `by_employee`: what the overview and the breakdowns measured read),
 * hour and day grains.
 * Facts are not written: only open_now reads them (the open ones), and a bench conversation is closed.
 */
function syntheticRollups(events: number, now: number) {
  const next = random(42);
  const items = new Map<string, { key: ItemKey; grain: Grain; rollup: Rollup }>();
  const add = (partition: Partition, key: string, contribution: Contribution) => {
    for (const grain of GRAINS) {
      const itemKey = ledgerKeys.rollup(
        DEMO.companyId,
        partition,
        bucketOf(contribution.at, grain),
        key,
        grain,
      );
      const id = `${itemKey.pk}|${itemKey.sk}`;
      const entry = items.get(id) ?? { key: itemKey, grain, rollup: emptyRollup() };
      addContribution(entry.rollup, contribution);
      items.set(id, entry);
    }
  };
  const conversations = Math.round(events / EVENTS_PER_CONVERSATION);
  for (let index = 0; index < conversations; index += 1) {
    const opened = now - next() * DAYS * 86_400_000;
    const fact = {
      channel: CHANNELS[Math.floor(next() * CHANNELS.length)] as string,
      department: DEPARTMENTS[Math.floor(next() * DEPARTMENTS.length)] as string,
      employee: EMPLOYEES[Math.floor(next() * EMPLOYEES.length)] ?? null,
      tabulation: null,
      tags: [],
    } satisfies Pick<ConversationFact, 'channel' | 'department' | 'employee' | 'tabulation' | 'tags'>;
    const dimensions = dimensionsOf(fact).filter(
      (dimension) => dimension.partition !== 'tabulation' && dimension.partition !== 'by_tabulation',
    );
    const wait = Math.round(next() * 1800);
    const reply = wait + Math.round(next() * 600);
    const resolution = reply + Math.round(next() * 7200);
    const at = (seconds: number) => new Date(opened + seconds * 1000).toISOString();
    const contributions: Contribution[] = [
      { at: at(0), opened: 1, received: 1 },
      { at: at(wait), wait: { cal: wait, bh: wait } },
      { at: at(reply), sent: 1, first_response: { cal: reply, bh: reply } },
      {
        at: at(resolution),
        closed: 1,
        resolution: { cal: resolution, bh: resolution },
        csat: 1 + (index % 5),
      },
    ];
    for (const contribution of contributions) {
      for (const dimension of dimensions) add(dimension.partition, dimension.key, contribution);
    }
  }
  return [...items.values()];
}

/** BatchWrite in chunks of 25 from WRITERS parallel writers, unprocessed items sent again. */
const WRITERS = 8;
async function writeAll(
  client: DynamoDBDocumentClient,
  table: string,
  items: ReturnType<typeof syntheticRollups>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < items.length) {
        const chunk = items.slice(next, next + 25);
        next += 25;
        let requests = chunk.map((item) => ({
          PutRequest: { Item: rollupItem(item.key, item.grain, item.rollup, 1) },
        }));
        while (requests.length > 0) {
          const answer = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
      }
    }),
  );
}

async function timed(samples: number, call: () => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await call();
    durations.push(performance.now() - started);
  }
  return durations;
}

/** Load average and CPU count, printed beside the figures: the machine is shared. */
const machine = () => ({ load_1m: loadavg()[0] ?? 0, cpus: cpus().length });

/**
 * Overview and breakdown p95 over the synthetic volume, through the real API (gateway, auth, handler). The
 * API client signs in again when the access token expires during the load.
 */
export async function benchAnalytics(options: {
  login: BenchLogin;
  dynamodbEndpoint: string;
  tablePrefix: string;
  events: number;
}): Promise<void> {
  const now = Date.now();
  const items = syntheticRollups(options.events, now);
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: options.dynamodbEndpoint }));
  const started = performance.now();
  await writeAll(client, tableName(options.tablePrefix, MAIN_TABLE), items);
  client.destroy();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    formatRow('analytics rollups loaded', {
      events: options.events,
      items: items.length,
      seconds,
      items_per_s: items.length / seconds,
      ...machine(),
    }),
  );
  const api = benchApiClient(options.login);
  // A range of whole company days (Fortaleza, UTC−3), as the dashboard asks: 89 day items and 24 hour items per
  // key; by local day, 90 UTC day items and their 3 edge hours each (it read all 2,160 hours before).
  const end = new Date(now);
  end.setUTCHours(3, 0, 0, 0);
  const to = end.getTime() + 86_400_000;
  const range = `from=${new Date(to - DAYS * 86_400_000).toISOString()}&to=${new Date(to).toISOString()}`;
  for (const [name, path] of [
    ['analytics overview 90 days', `overview?${range}`],
    ['analytics overview 90d, 1 channel', `overview?${range}&channel=whatsapp`],
    ['analytics breakdown by channel 90d', `breakdown?by=channel&${range}`],
    ['analytics breakdown by employee 90d', `breakdown?by=employee&${range}`],
    ['analytics breakdown by day 90d', `breakdown?by=day&${range}`],
  ] as const) {
    await api('GET', `/analytics/${path}`);
    const durations = await timed(20, async () => {
      await api('GET', `/analytics/${path}`);
    });
    console.log(
      formatRow(name, {
        p50_ms: percentile(durations, 50),
        p95_ms: percentile(durations, 95),
        target_ms: 300,
        ...machine(),
      }),
    );
  }
}

/**
 * Event-to-dashboard lag: a visitor's message goes through the widget API, and the time is taken until the
 * overview's received-messages count includes it (stream → dispatcher → analytics queue → ledger → API),
 * polled every 100 ms. One visitor session (the widget throttles new sessions per address).
 */
export async function benchAnalyticsLag(options: { login: BenchLogin; samples: number }): Promise<void> {
  const api = benchApiClient(options.login);
  const baseUrl = options.login.baseUrl;
  const widget = (
    await api<{ _id: string }>('POST', '/integrations/channels', { type: 'widget', label: 'Bench analytics' })
  )._id;
  const session = await fetch(`${baseUrl}/api/widget/${widget}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Visitante bench' }),
  });
  if (session.status !== 201) throw new Error(`widget session answered ${session.status}`);
  const { token: visitor } = (await session.json()) as { token: string };
  const received = async () => {
    const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 3_600_000).toISOString()}`;
    return (await api<{ messages: { received: number } }>('GET', `/analytics/overview?${range}`)).messages
      .received;
  };
  const lags: number[] = [];
  for (let index = 0; index < options.samples; index += 1) {
    const before = await received();
    const started = performance.now();
    const sent = await fetch(`${baseUrl}/api/widget/${widget}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor}` },
      body: JSON.stringify({ id: `bench-${index}-${Date.now()}`, text: `Olá ${index}` }),
    });
    if (sent.status >= 300) throw new Error(`widget message answered ${sent.status}`);
    while ((await received()) <= before) {
      if (performance.now() - started > 30_000)
        throw new Error('the ledger did not take the message in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    lags.push(performance.now() - started);
  }
  console.log(
    formatRow('analytics event-to-dashboard lag', {
      samples: lags.length,
      p50_ms: percentile(lags, 50),
      p95_ms: percentile(lags, 95),
      target_ms: 5000,
      ...machine(),
    }),
  );
}
