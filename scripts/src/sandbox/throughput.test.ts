import { ChannelSendError, type FetchImpl } from '@atende/functions/channels/adapter';
import { metaWhatsappAdapter } from '@atende/functions/channels/meta/whatsapp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';
import { createThroughputLimiter } from './throughput.ts';

let sandbox: ProviderSandbox;
const fetchImpl: FetchImpl = (url, init) => fetch(url, init);
const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f60719' };

const send = (phoneNumberId: string, to: string) =>
  metaWhatsappAdapter
    .send(
      { kind: 'text', to, text: `Oi ${to}` },
      {
        integration,
        credentials: metaWhatsappAdapter.credentialsSchema.parse({
          phone_number_id: phoneNumberId,
          access_token: 'EAAG-sandbox',
          app_secret: 'app-secret',
          verify_token: 'verify',
        }),
        baseUrl: sandbox.baseUrls.meta,
        fetchImpl,
      },
    )
    .then(
      () => 'ok',
      (error: unknown) => (error instanceof ChannelSendError ? error.providerCode : String(error)),
    );

beforeAll(async () => {
  // A frozen clock: no refill while the test sends, however slow the machine is.
  sandbox = await createProviderSandbox({ mps: 5, clock: () => 1_000 });
});
afterAll(() => sandbox.close());

describe('sandbox per-number throughput', () => {
  it('answers the Cloud API 130429 beyond the rate of one number, and lists what it accepted', async () => {
    const answers = [];
    for (let index = 0; index < 8; index += 1) answers.push(await send('111', `55859000000${index}`));
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(5);
    expect(answers.filter((answer) => answer === '130429')).toHaveLength(3);
    // Another number of the same provider has its own throughput.
    expect(await send('222', '558590000099')).toBe('ok');
    const listed = (await (await fetch(`${sandbox.url}/_sent?provider=meta`)).json()) as {
      provider: string;
      to: string;
      body: string;
      at: string;
    }[];
    expect(listed).toHaveLength(6);
    expect(listed[0]).toMatchObject({ provider: 'meta', to: '558590000000', body: 'Oi 558590000000' });
    expect(Date.parse(listed[0]?.at ?? '')).toBeGreaterThan(0);
    expect(await (await fetch(`${sandbox.url}/_sent?provider=telegram`)).json()).toEqual([]);
  });

  it('refills continuously: a second later the number sends again', () => {
    let now = 0;
    const limiter = createThroughputLimiter(80, () => now);
    let accepted = 0;
    for (let index = 0; index < 100; index += 1) if (limiter.take('n')) accepted += 1;
    expect(accepted).toBe(80);
    now = 500;
    accepted = 0;
    for (let index = 0; index < 100; index += 1) if (limiter.take('n')) accepted += 1;
    expect(accepted).toBe(40);
  });
});
