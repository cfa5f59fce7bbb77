import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { formatRow, percentile } from './stats.ts';

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
  const latencies: number[] = [];
  const expected = options.visitors * options.messagesPerVisitor;
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

  const started = performance.now();
  let refused = 0;
  await Promise.all(
    visitors.map(async (visitor) => {
      for (let i = 0; i < options.messagesPerVisitor; i += 1) {
        const tag = `bench-${randomUUID()}`;
        sentAt.set(tag, performance.now());
        const response = await postJson(
          `${baseUrl}/api/widget/${widgetId}/messages`,
          { id: randomUUID(), text: `Mensagem ${tag}` },
          visitor.address,
          visitor.token,
        );
        if (response.status !== 202) {
          refused += 1;
          sentAt.delete(tag);
        }
      }
    }),
  );
  const wanted = expected - refused;
  const deadline = Date.now() + 60_000;
  while (latencies.length < wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  console.log(
    formatRow('inbox widget → operator socket', {
      messages: latencies.length,
      refused,
      visitors: options.visitors,
      'msg/s': latencies.length / seconds,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
    }),
  );
}
