import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { formatRow, percentile } from './stats.ts';

export interface BotBenchOptions {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  visitors: number;
  messagesPerVisitor: number;
}

async function call(baseUrl: string, method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

const at = { x: 0, y: 0 };
/** A question that echoes the answer and asks again: every customer message gets exactly one bot reply. */
const ECHO_FLOW = {
  nodes: [
    { id: 'start', type: 'start', position: at, data: {} },
    { id: 'q', type: 'question', position: at, data: { text: 'Diga algo', variable: 'v', validate: 'text' } },
    { id: 'm', type: 'message', position: at, data: { text: 'Recebi {{v}}' } },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'q' },
    { id: 'b', source: 'q', target: 'm' },
    { id: 'c', source: 'm', target: 'q' },
  ],
};

/**
 * Customer message → bot reply: each visitor's message goes through the widget route, the inbound FIFO queue,
 * the engine and the bot turn; the latency runs from the POST to the bot's echo on the operator's socket.
 * Visitors write side by side, each waiting for its reply before the next message.
 */
export async function benchBot(options: BotBenchOptions): Promise<void> {
  const { baseUrl } = options;
  const token = String(
    (
      await call(baseUrl, 'POST', '/auth/token', {
        email: options.adminEmail,
        password: options.adminPassword,
      })
    ).accessToken,
  );
  const widgetId = String(
    (await call(baseUrl, 'POST', '/integrations/channels', { type: 'widget', label: 'Bot bench' }, token))
      ._id,
  );
  const flowId = String((await call(baseUrl, 'POST', '/flows', { name: `Bench ${Date.now()}` }, token))._id);
  await call(baseUrl, 'PUT', `/flows/${flowId}/draft`, ECHO_FLOW, token);
  await call(baseUrl, 'POST', `/flows/${flowId}/publish`, {}, token);
  await call(baseUrl, 'PUT', `/integrations/channels/${widgetId}/flow`, { flow: flowId }, token);

  const waiting = new Map<string, () => void>();
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?token=${token}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (raw) => {
    const text = raw.toString();
    if (!text.includes('"new-message"') || !text.includes('"bot"')) return;
    const tag =
      /Recebi (bench-[0-9a-f-]{36})/.exec(text)?.[1] ?? (text.includes('Diga algo') ? 'greeting' : undefined);
    if (tag) waiting.get(tag)?.();
  });
  const reply = (tag: string) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(tag);
        resolve(false);
      }, 20_000);
      waiting.set(tag, () => {
        clearTimeout(timer);
        waiting.delete(tag);
        resolve(true);
      });
    });

  const send = (visitor: string, text: string) =>
    fetch(`${baseUrl}/api/widget/${widgetId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor}` },
      body: JSON.stringify({ id: randomUUID(), text }),
    });
  // Each visitor's first message opens the conversation and starts the flow (its greeting carries no tag), so
  // conversations are opened one at a time before the measured, concurrent part.
  const visitors: string[] = [];
  for (let index = 0; index < options.visitors; index += 1) {
    const session = (await call(baseUrl, 'POST', `/widget/${widgetId}/sessions`, {})) as { token: string };
    const greeted = reply('greeting');
    await send(session.token, 'oi');
    await greeted;
    visitors.push(session.token);
  }

  const latencies: number[] = [];
  let lost = 0;
  const started = performance.now();
  await Promise.all(
    visitors.map(async (visitor) => {
      for (let index = 0; index < options.messagesPerVisitor; index += 1) {
        const tag = `bench-${randomUUID()}`;
        const answered = reply(tag);
        const sentAt = performance.now();
        await send(visitor, tag);
        if (await answered) latencies.push(performance.now() - sentAt);
        else lost += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  console.log(
    formatRow('bot: customer message → bot reply', {
      replies: latencies.length,
      lost,
      visitors: options.visitors,
      'replies/s': latencies.length / seconds,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
    }),
  );
}
