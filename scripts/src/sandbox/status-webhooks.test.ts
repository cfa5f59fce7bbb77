import type { FetchImpl, OutboundMessage } from '@atende/functions/channels/adapter';
import { metaWhatsappAdapter } from '@atende/functions/channels/meta/whatsapp';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';
import { reads, statusWebhookOptions } from './status-webhooks.ts';

const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f60719' };
const cloud = {
  phone_number_id: '106540352242922',
  access_token: 'EAAG-sandbox',
  app_secret: 'app-secret',
  verify_token: 'verify',
};
const credentials = metaWhatsappAdapter.credentialsSchema.parse(cloud);
const fetchImpl: FetchImpl = (url, init) => fetch(url, init);
const template = (to: string): OutboundMessage => ({
  kind: 'template',
  to,
  template: { name: 'promo', language: 'pt_BR' },
});

/** The product's webhook route in small: each POST verified and parsed by the Cloud API adapter. */
let receiver: Server;
let receiverUrl: string;
let answer = 200;
const received: { verified: boolean; events: { providerMessageId: string; status: string }[] }[] = [];

let sandbox: ProviderSandbox | undefined;
async function start(options: Parameters<typeof createProviderSandbox>[0]) {
  sandbox = await createProviderSandbox(options);
  return sandbox;
}
const send = (box: ProviderSandbox, message: OutboundMessage) =>
  metaWhatsappAdapter.send(message, { integration, credentials, baseUrl: box.baseUrls.meta, fetchImpl });
/** Subscribes the number's webhook the way the bench does, over the sandbox's control route. */
const subscribe = (box: ProviderSandbox) =>
  fetch(`${box.url}/_webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phone_number_id: cloud.phone_number_id,
      url: receiverUrl,
      app_secret: cloud.app_secret,
    }),
  });
const statusesOf = (messageId: string) =>
  received
    .flatMap((post) => post.events.filter((event) => event.providerMessageId === messageId))
    .map((e) => e.status);

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        if (answer >= 500) {
          answer = 200;
          response.writeHead(503).end();
          return;
        }
        const verified = metaWhatsappAdapter.verifyWebhook({ headers, rawBody, query: {} }, credentials).ok;
        const parsed = await metaWhatsappAdapter.parseWebhook(rawBody, integration, credentials);
        received.push({
          verified,
          events: parsed.items.flatMap((item) =>
            item.event.kind === 'status'
              ? [{ providerMessageId: item.event.providerMessageId, status: item.event.status }]
              : [],
          ),
        });
        response.writeHead(verified ? 200 : 401).end();
      })();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/meta/x`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  received.length = 0;
  answer = 200;
});

describe('sandbox: Cloud API status webhooks', () => {
  it('posts sent, delivered and read for an accepted template, signed as Meta signs them, to the subscribed number', async () => {
    const box = await start({
      statusWebhooks: { delays: { sent: 0, delivered: 20, read: 40 }, readShare: 1 },
    });
    expect((await subscribe(box)).status).toBe(204);
    const first = await send(box, template('5585999990001'));
    const second = await send(box, template('5585999990002'));
    // A text is a reply within the window, not a campaign's template: no statuses are played for it.
    const text = await send(box, { kind: 'text', to: '5585999990003', text: 'Olá' });
    await box.statusWebhooks.settled();
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((post) => post.verified)).toBe(true);
    expect(statusesOf(first.providerMessageId)).toEqual(['sent', 'delivered', 'read']);
    expect(statusesOf(second.providerMessageId)).toEqual(['sent', 'delivered', 'read']);
    expect(statusesOf(text.providerMessageId)).toEqual([]);
    expect(box.statusWebhooks.posted().map((posted) => posted.answered)).toEqual(Array(6).fill(200));
    const listed = (await (await fetch(`${box.url}/_statuses`)).json()) as { status: string }[];
    expect(listed).toHaveLength(6);
  });

  it('reads only for the share asked; nothing for a number nobody subscribed; nothing when turned off', async () => {
    const box = await start({ statusWebhooks: { delays: { sent: 0, delivered: 0, read: 0 }, readShare: 0 } });
    const unsubscribed = await send(box, template('5585999990004'));
    await subscribe(box);
    const unread = await send(box, template('5585999990005'));
    await box.statusWebhooks.settled();
    expect(statusesOf(unsubscribed.providerMessageId)).toEqual([]);
    expect(statusesOf(unread.providerMessageId)).toEqual(['sent', 'delivered']);
    await box.close();

    const off = await start({
      statusWebhooks: { enabled: false, delays: { sent: 0, delivered: 0, read: 0 } },
    });
    await subscribe(off);
    await send(off, template('5585999990006'));
    await off.statusWebhooks.settled();
    expect(off.statusWebhooks.posted()).toEqual([]);
  });

  it('posts again what the product did not take (a 5xx), as Meta retries', async () => {
    const box = await start({ statusWebhooks: { delays: { sent: 0, delivered: 0, read: 0 }, readShare: 0 } });
    await subscribe(box);
    answer = 503;
    const sent = await send(box, template('5585999990007'));
    await box.statusWebhooks.settled();
    expect(statusesOf(sent.providerMessageId).sort()).toEqual(['delivered', 'sent']);
    expect(box.statusWebhooks.posted().every((posted) => posted.answered === 200)).toBe(true);
  });
});

describe('status webhook settings', () => {
  it('read by about the share of numbers, the same numbers every run', () => {
    const numbers = Array.from({ length: 2000 }, (_, index) => `55859${String(80_000_000 + index)}`);
    const readers = numbers.filter((number) => reads(number, 0.3));
    expect(readers.length / numbers.length).toBeGreaterThan(0.25);
    expect(readers.length / numbers.length).toBeLessThan(0.35);
    expect(numbers.filter((number) => reads(number, 0.3))).toEqual(readers);
    expect(numbers.filter((number) => reads(number, 0))).toEqual([]);
  });

  it('come from the environment: off with SANDBOX_STATUS_WEBHOOKS=0, delays from SANDBOX_STATUS_DELAY_MS', () => {
    expect(statusWebhookOptions({})).toMatchObject({ enabled: true, readShare: 0.5 });
    expect(
      statusWebhookOptions({
        SANDBOX_STATUS_WEBHOOKS: '0',
        SANDBOX_STATUS_DELAY_MS: '250',
        SANDBOX_READ_SHARE: '0.2',
      }),
    ).toEqual({ enabled: false, delays: { sent: 250, delivered: 500, read: 1000 }, readShare: 0.2 });
  });
});
