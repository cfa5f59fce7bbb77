import { request } from 'node:http';
import { createHmac, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { clients } from '@atende/functions/lib/clients';
import { formatRow, percentile } from './stats.ts';
import { countDynamoRequests, perMessage, totalOf, traceDynamoRequests, traceRows } from './request-trace.ts';

interface Json {
  status: number;
  body: unknown;
}

/**
 * POSTs JSON from a chosen loopback address: each simulated visitor gets its own 127.0.0.x, as real visitors
 * have their own addresses, so the widget's per-address limits apply as in production.
 */
function postJson(url: string, body: unknown, localAddress: string, token?: string): Promise<Json> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface InboxBenchOptions {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  visitors: number;
  messagesPerVisitor: number;
  /** The raw PutItem rate measured in the same run: the inbox rate is printed as a share of it. */
  putItemRate: number;
}

/**
 * Messages per second from site-widget visitors to the operator's WebSocket, and the latency of each message
 * from the visitor's POST to the `new-message` frame on the operator's socket (widget route → inbound FIFO
 * queue → consumer → DynamoDB → API Gateway management API → socket).
 */
export async function benchInbox(options: InboxBenchOptions): Promise<void> {
  const { baseUrl } = options;
  const login = await postJson(
    `${baseUrl}/api/auth/token`,
    { email: options.adminEmail, password: options.adminPassword },
    '127.0.0.1',
  );
  const accessToken = (login.body as { accessToken: string }).accessToken;
  const widgetResponse = await postJson(
    `${baseUrl}/api/integrations/channels`,
    { type: 'widget', label: 'Benchmark' },
    '127.0.0.1',
    accessToken,
  );
  const widgetId = (widgetResponse.body as { _id: string })._id;

  const sentAt = new Map<string, number>();
  let latencies: number[] = [];
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?token=${accessToken}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (raw) => {
    const text = raw.toString();
    if (!text.includes('"new-message"')) return;
    const match = /bench-[0-9a-f-]{36}/.exec(text);
    const started = match ? sentAt.get(match[0]) : undefined;
    if (match && started !== undefined) {
      latencies.push(performance.now() - started);
      sentAt.delete(match[0]);
    }
  });

  const visitors = await Promise.all(
    Array.from({ length: options.visitors }, async (_, index) => {
      const address = `127.0.0.${index + 2}`;
      const session = await postJson(`${baseUrl}/api/widget/${widgetId}/sessions`, {}, address);
      return { address, token: (session.body as { token: string }).token };
    }),
  );

  let refused = 0;
  const acks: number[] = [];
  const send = async (visitor: { address: string; token: string }) => {
    const tag = `bench-${randomUUID()}`;
    const at = performance.now();
    sentAt.set(tag, at);
    const response = await postJson(
      `${baseUrl}/api/widget/${widgetId}/messages`,
      { id: randomUUID(), text: `Mensagem ${tag}` },
      visitor.address,
      visitor.token,
    );
    acks.push(performance.now() - at);
    if (response.status !== 202) {
      refused += 1;
      sentAt.delete(tag);
    }
  };
  const settle = async (wanted: number) => {
    const deadline = Date.now() + 60_000;
    while (latencies.length < wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // 1. A burst: every visitor writes as fast as the widget answers.
  const expected = options.visitors * options.messagesPerVisitor;
  const requests = countDynamoRequests();
  const requestsBefore = new Map(requests);
  const trace =
    process.env.BENCH_TRACE_REQUESTS === '1' ? traceDynamoRequests(clients().dynamodb) : undefined;
  const started = performance.now();
  await Promise.all(
    visitors.map(async (visitor) => {
      for (let i = 0; i < options.messagesPerVisitor; i += 1) await send(visitor);
    }),
  );
  await settle(expected - refused);
  const seconds = (performance.now() - started) / 1000;
  const rate = latencies.length / seconds;
  const burstRequests = totalOf(requests) - totalOf(requestsBefore);
  console.log(
    formatRow('inbox burst: DynamoDB requests the handlers and consumers made', {
      'per message': burstRequests / Math.max(1, latencies.length),
      'requests/s': burstRequests / seconds,
      'of PutItem/s': (burstRequests / seconds / options.putItemRate).toFixed(2),
    }),
  );
  console.log(
    `  per message by command: ${perMessage(requestsBefore, requests, Math.max(1, latencies.length))}`,
  );
  console.log(
    formatRow('inbox widget → operator socket (burst)', {
      messages: latencies.length,
      refused,
      visitors: options.visitors,
      'msg/s': rate,
      'of PutItem/s': (rate / options.putItemRate).toFixed(3),
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
      'ack p99 ms': percentile(acks, 99),
    }),
  );
  // The consumers behind the socket frame (analytics, webhooks ...) may still be working off the burst: the
  // whole cost of a message is counted once the requests have died down (at most a minute more).
  const quietDeadline = Date.now() + 60_000;
  for (let last = totalOf(requests); Date.now() < quietDeadline;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = totalOf(requests);
    if (now - last <= 2) break;
    last = now;
  }
  console.log(
    `  per message with the consumers caught up: ${(
      (totalOf(requests) - totalOf(requestsBefore)) /
      Math.max(1, latencies.length)
    ).toFixed(1)}; by command: ${perMessage(requestsBefore, requests, Math.max(1, latencies.length))}`,
  );
  if (trace) {
    // Snapshot now: the steady phase below is not in the breakdown.
    const messages = Math.max(1, latencies.length);
    console.log('  per message by command and key shape (BENCH_TRACE_REQUESTS=1):');
    console.log(traceRows(new Map(), new Map(trace.byShape), messages).join('\n'));
    console.log('  per message by command and caller (outermost > innermost domain frame):');
    console.log(traceRows(new Map(), new Map(trace.byCaller), messages).join('\n'));
  }

  // 2. A steady load at half the burst's rate, spread over the visitors in turn.
  const steadyRate = Math.max(1, rate / 2);
  const steadyCount = Math.min(expected, Math.round(steadyRate * 15));
  latencies = [];
  acks.length = 0;
  refused = 0;
  const pending: Promise<void>[] = [];
  const steadyStart = performance.now();
  for (let i = 0; i < steadyCount; i += 1) {
    const due = steadyStart + (i * 1000) / steadyRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(visitors[i % visitors.length] as { address: string; token: string }));
  }
  await Promise.all(pending);
  await settle(steadyCount - refused);
  console.log(
    formatRow('inbox widget → operator socket (steady, half the burst rate)', {
      messages: latencies.length,
      refused,
      'msg/s': steadyRate,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
      'ack p99 ms': percentile(acks, 99),
    }),
  );

  // 3. The same burst and half rate through a provider's signed webhook (WhatsApp Cloud API, X-Hub-Signature-256):
  // the acknowledgement Meta waits on, and the message on to the operator's socket.
  const official = await postJson(
    `${baseUrl}/api/integrations/channels`,
    {
      type: 'official',
      provider: 'meta',
      label: 'Bench inbox',
      phone: '5511300008888',
      phone_number_id: WEBHOOK_PHONE_NUMBER_ID,
      access_token: 'bench-inbox-token',
      app_secret: WEBHOOK_APP_SECRET,
      verify_token: 'bench-inbox-verify',
    },
    '127.0.0.1',
    accessToken,
  );
  const officialId = (official.body as { _id: string })._id;
  const senders = Array.from({ length: options.visitors }, (_, index) => `55119${70_000_000 + index}`);
  const post = async (from: string) => {
    const tag = `bench-${randomUUID()}`;
    const at = performance.now();
    sentAt.set(tag, at);
    const response = await postSigned(
      `${baseUrl}/api/webhooks/meta/${officialId}`,
      cloudApiText(from, `wamid.${randomUUID()}`, `Mensagem ${tag}`),
    );
    acks.push(performance.now() - at);
    if (response !== 200) {
      refused += 1;
      sentAt.delete(tag);
    }
  };
  latencies = [];
  acks.length = 0;
  refused = 0;
  const webhookRequestsBefore = new Map(requests);
  const webhookStart = performance.now();
  await Promise.all(
    senders.map(async (from) => {
      for (let i = 0; i < options.messagesPerVisitor; i += 1) await post(from);
    }),
  );
  await settle(expected - refused);
  const webhookRate = latencies.length / ((performance.now() - webhookStart) / 1000);
  console.log(
    `  signed webhook burst, DynamoDB requests per message by command: ${perMessage(
      webhookRequestsBefore,
      requests,
      Math.max(1, latencies.length),
    )} (${((totalOf(requests) - totalOf(webhookRequestsBefore)) / Math.max(1, latencies.length)).toFixed(1)} in all)`,
  );
  console.log(
    formatRow('inbox signed webhook → operator socket (burst)', {
      messages: latencies.length,
      refused,
      senders: senders.length,
      'msg/s': webhookRate,
      'of PutItem/s': (webhookRate / options.putItemRate).toFixed(3),
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
      'ack p50 ms': percentile(acks, 50),
      'ack p99 ms': percentile(acks, 99),
    }),
  );
  const webhookSteadyRate = Math.max(1, webhookRate / 2);
  const webhookSteadyCount = Math.min(expected, Math.round(webhookSteadyRate * 15));
  latencies = [];
  acks.length = 0;
  refused = 0;
  const webhookPending: Promise<void>[] = [];
  const webhookSteadyStart = performance.now();
  for (let i = 0; i < webhookSteadyCount; i += 1) {
    const due = webhookSteadyStart + (i * 1000) / webhookSteadyRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    webhookPending.push(post(senders[i % senders.length] as string));
  }
  await Promise.all(webhookPending);
  await settle(webhookSteadyCount - refused);
  socket.close();
  console.log(
    formatRow('inbox signed webhook → operator socket (steady, half the burst rate)', {
      messages: latencies.length,
      refused,
      'msg/s': webhookSteadyRate,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
      'ack p99 ms': percentile(acks, 99),
    }),
  );
}

const WEBHOOK_PHONE_NUMBER_ID = '106540352248888';
const WEBHOOK_APP_SECRET = 'bench-inbox-secret';

/** A customer's text as the WhatsApp Cloud API's webhook delivers it. */
const cloudApiText = (from: string, id: string, body: string) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129348888',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511300008888', phone_number_id: WEBHOOK_PHONE_NUMBER_ID },
              contacts: [{ profile: { name: `Cliente ${from.slice(-4)}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body },
                },
              ],
            },
          },
        ],
      },
    ],
  });

/** POSTs a body signed as Meta signs it (HMAC-SHA256 of the raw bytes with the app secret); answers the status. */
async function postSigned(url: string, rawBody: string): Promise<number> {
  const signature = createHmac('sha256', WEBHOOK_APP_SECRET).update(rawBody, 'utf8').digest('hex');
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    body: rawBody,
  });
  await response.arrayBuffer();
  return response.status;
}
