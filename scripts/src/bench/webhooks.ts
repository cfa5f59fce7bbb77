import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatRow, percentile } from './stats.ts';

export interface WebhooksBenchOptions {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  contacts: number;
  apiCalls: number;
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  return { status: response.status, answer, ms: performance.now() - started };
}

/**
 * Event to delivery: each contact created through the API becomes a `contact.created` domain event (stream →
 * dispatcher → webhooks consumer → outbox → delivery queue) that a local receiver gets, signed; the latency
 * runs from the POST to the receiver's request. Then the authorizer's cost: the same list read with a bearer
 * token and with an API key.
 */
export async function benchWebhooks(options: WebhooksBenchOptions): Promise<void> {
  const { baseUrl } = options;
  const login = await call(
    baseUrl,
    'POST',
    '/auth/token',
    { email: options.adminEmail, password: options.adminPassword },
    {},
  );
  const bearer = { authorization: `Bearer ${String(login.answer.accessToken)}` };
  const arrivals = new Map<string, number>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data?: { contact?: { full_name?: string } };
      };
      const name = body.data?.contact?.full_name;
      if (name) arrivals.set(name, performance.now());
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`;
  const endpoint = await call(
    baseUrl,
    'POST',
    '/webhook-endpoints',
    { url, events: ['contact.created'] },
    bearer,
  );
  try {
    const sent = new Map<string, number>();
    for (let index = 0; index < options.contacts; index += 1) {
      const name = `Bench Webhook ${Date.now()}-${index}`;
      const phone = `(85) 9${String(4000 + index).padStart(4, '0')}-${String(Date.now()).slice(-4)}`;
      sent.set(name, performance.now());
      await call(baseUrl, 'POST', '/contacts', { full_name: name, cel_phone: phone }, bearer);
    }
    const deadline = Date.now() + 60_000;
    while (arrivals.size < sent.size && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const latencies = [...sent].flatMap(([name, at]) => {
      const arrived = arrivals.get(name);
      return arrived === undefined ? [] : [arrived - at];
    });
    console.log(
      formatRow('webhook: contact POST → receiver', {
        n: latencies.length,
        lost: sent.size - latencies.length,
        p50_ms: percentile(latencies, 50),
        p95_ms: percentile(latencies, 95),
      }),
    );

    const key = await call(
      baseUrl,
      'POST',
      '/api-keys',
      { name: 'Bench', scopes: ['contacts:read'] },
      bearer,
    );
    const apiKey = { 'x-api-key': String(key.answer.key) };
    for (const [label, headers] of [
      ['GET /contacts with a bearer token', bearer],
      ['GET /contacts with an API key', apiKey],
    ] as const) {
      const samples: number[] = [];
      for (let index = 0; index < options.apiCalls; index += 1) {
        samples.push((await call(baseUrl, 'GET', '/contacts?limit=20', undefined, headers)).ms);
      }
      console.log(
        formatRow(label, {
          n: samples.length,
          p50_ms: percentile(samples, 50),
          p95_ms: percentile(samples, 95),
        }),
      );
    }
    await call(baseUrl, 'DELETE', `/api-keys/${String(key.answer._id)}`, undefined, bearer);
  } finally {
    await call(baseUrl, 'DELETE', `/webhook-endpoints/${String(endpoint.answer._id)}`, undefined, bearer);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
