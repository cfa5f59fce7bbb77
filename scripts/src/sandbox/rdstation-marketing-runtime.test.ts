import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../testing/runtime.ts';
import { adminClient, eventually, standInWebRoot } from '../testing/runtime-client.ts';

/**
 * RD Station Marketing end to end through the local runtime: the OAuth dialog of the sandbox's fake, the
 * callback, then the crm-sync consumer pushing contacts and conversions with a token refreshed on RD
 * Station's 401.
 */
let runtime: TestRuntime;
let call: (method: string, path: string, body?: unknown) => Promise<Response>;

beforeAll(async () => {
  runtime = await startTestRuntime({ webRoot: standInWebRoot() });
  ({ call } = await adminClient(runtime));
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

/** The admin consents in RD Station's dialog; answers the callback URL RD Station redirects to. */
async function consent(): Promise<URL> {
  const started = await call('POST', '/apps/rdstationmarketing/oauth');
  expect(started.status).toBe(200);
  const { authorize_url } = (await started.json()) as { authorize_url: string };
  const page = await (await fetch(authorize_url)).text();
  const allow = /id="allow" href="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
  if (!allow) throw new Error('no consent link');
  const redirected = await fetch(allow, { redirect: 'manual' });
  expect(redirected.status).toBe(302);
  return new URL(redirected.headers.get('location') ?? '');
}

const contactByEmail = (email: string) => () =>
  runtime.sandbox.rdMarketing.contacts().find((contact) => contact.email === email);

describe('RD Station Marketing through the sandbox', () => {
  it('connects by OAuth, mirrors contacts, records closed conversations as conversions and refreshes an expired token', async () => {
    const back = await consent();
    expect(back.pathname).toBe('/app/auth/rdstationmarketing');
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const connected = await call('POST', '/apps/rdstationmarketing/oauth/callback', body);
    expect(connected.status).toBe(200);
    expect(await connected.json()).toMatchObject({ installation: { credentials_set: ['token'] } });
    // The state was spent: the same redirect replayed is refused before RD Station sees the code again.
    const replayed = await call('POST', '/apps/rdstationmarketing/oauth/callback', body);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ field: 'state' });

    const created = await call('POST', '/contacts', {
      full_name: 'Joana Prado',
      cel_phone: '(11) 97777-1234',
      email: 'joana@cliente.com.br',
    });
    expect(created.status).toBe(201);
    const contact = (await created.json()) as { _id: string };
    const mirrored = await eventually(contactByEmail('joana@cliente.com.br'));
    expect(mirrored).toMatchObject({ name: 'Joana Prado', mobile_phone: '+5511977771234' });
    const upsert = runtime.sandbox.sent('rdstationmarketing').find((request) => request.method === 'PATCH');
    expect(upsert?.path).toBe('/platform/contacts/email:joana%40cliente.com.br');

    // A day passes: RD Station answers the next call 401 expired_token; the sync refreshes and retries.
    runtime.sandbox.rdMarketing.expireAccessTokens();
    const renamed = await call('PATCH', `/contacts/${contact._id}`, { full_name: 'Joana Prado Lima' });
    expect(renamed.status).toBe(200);
    const updated = await eventually(() => {
      const found = contactByEmail('joana@cliente.com.br')();
      return found?.name === 'Joana Prado Lima' ? found : undefined;
    });
    expect(updated.uuid).toBe(mirrored.uuid);
    const calls = runtime.sandbox
      .sent('rdstationmarketing')
      .map(
        (request) =>
          `${request.method} ${request.path.split('/').slice(0, 3).join('/')} ${request.response.status}`,
      );
    expect(calls).toEqual([
      'POST /auth/token 200',
      'PATCH /platform/contacts 200',
      'PATCH /platform/contacts 401',
      'POST /auth/token 200',
      'PATCH /platform/contacts 200',
    ]);
    const refresh = runtime.sandbox.sent('rdstationmarketing')[3]?.body as Record<string, unknown>;
    expect(Object.keys(refresh).sort()).toEqual(['client_id', 'client_secret', 'refresh_token']);

    // A visitor with an e-mail is served and the conversation closed: a conversion in RD Station.
    const widget = (
      (await (await call('POST', '/integrations/channels', { type: 'widget', label: 'Site' })).json()) as {
        _id: string;
      }
    )._id;
    const session = await fetch(`${runtime.url}/api/widget/${widget}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Caio Souza', email: 'caio@cliente.com.br' }),
    });
    const { token } = (await session.json()) as { token: string };
    const sent = await fetch(`${runtime.url}/api/widget/${widget}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: `msg-${Date.now()}`, text: 'Quero um orçamento' }),
    });
    expect(sent.status).toBeLessThan(300);
    const conversation = await eventually(async () => {
      const listed = await call('GET', '/conversations?tab=all');
      const { items } = (await listed.json()) as {
        items: { _id: string; customer: { full_name: string } }[];
      };
      return items.find((item) => item.customer.full_name === 'Caio Souza')?._id;
    });
    expect((await call('POST', `/conversations/${conversation}/close`, {})).status).toBe(200);
    const conversion = await eventually(() =>
      runtime.sandbox.rdMarketing.conversions().find((event) => event.email === 'caio@cliente.com.br'),
    );
    expect(conversion.conversion_identifier).toBe('atendimento-encerrado');
    expect(conversion.payload).toMatchObject({ name: 'Caio Souza' });

    // Disconnecting revokes the access token at RD Station.
    expect((await call('DELETE', '/apps/rdstationmarketing')).status).toBe(200);
    const revoked = runtime.sandbox
      .sent('rdstationmarketing')
      .find((request) => request.path === '/auth/revoke');
    expect(revoked?.response.status).toBe(200);
  }, 120_000);

  it('shows RD Station refusing a forged consent: a code the fake never issued', async () => {
    const back = await consent();
    const answer = await call('POST', '/apps/rdstationmarketing/oauth/callback', {
      code: 'nao-emitido',
      state: back.searchParams.get('state'),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ field: 'code' });
  }, 60_000);
});

describe('RD Station Marketing refusing the refresh for good', () => {
  it('marks the app for reconnection, stops syncing, and syncs again once the admin reconnects', async () => {
    const first = await consent();
    const connected = await call('POST', '/apps/rdstationmarketing/oauth/callback', {
      code: first.searchParams.get('code'),
      state: first.searchParams.get('state'),
    });
    expect(connected.status).toBe(200);
    const sentBefore = runtime.sandbox.sent('rdstationmarketing').length;

    // The owner removed the app in RD Station: the access token expires, the refresh is refused.
    runtime.sandbox.rdMarketing.expireAccessTokens();
    runtime.sandbox.rdMarketing.revokeRefreshTokens();
    const created = await call('POST', '/contacts', {
      full_name: 'Bruna Reis',
      email: 'bruna@cliente.com.br',
    });
    expect(created.status).toBe(201);
    const contact = (await created.json()) as { _id: string };
    const installation = await eventually(async () => {
      const { apps } = (await (await call('GET', '/apps')).json()) as {
        apps: { name: string; installation: { needs_reconnect?: boolean } | null }[];
      };
      const found = apps.find((app) => app.name === 'rdstationmarketing')?.installation;
      return found?.needs_reconnect ? found : undefined;
    });
    expect(installation.needs_reconnect).toBe(true);
    const refused = runtime.sandbox
      .sent('rdstationmarketing')
      .slice(sentBefore)
      .map((request) => `${request.method} ${request.path} ${request.response.status}`);
    expect(refused).toEqual([
      'PATCH /platform/contacts/email:bruna%40cliente.com.br 401',
      'POST /auth/token 401',
    ]);

    // Syncing stopped: a further change asks RD Station nothing.
    const afterRefusal = runtime.sandbox.sent('rdstationmarketing').length;
    expect((await call('PATCH', `/contacts/${contact._id}`, { full_name: 'Bruna Reis Lima' })).status).toBe(
      200,
    );
    const marker = await call('POST', '/contacts', {
      full_name: 'Marca Tempo',
      email: 'marca@cliente.com.br',
    });
    expect(marker.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runtime.sandbox.sent('rdstationmarketing')).toHaveLength(afterRefusal);

    // Reconnected: the prompt is gone and the next change reaches RD Station again.
    const again = await consent();
    const reconnected = await call('POST', '/apps/rdstationmarketing/oauth/callback', {
      code: again.searchParams.get('code'),
      state: again.searchParams.get('state'),
    });
    expect(reconnected.status).toBe(200);
    expect(
      ((await reconnected.json()) as { installation: { needs_reconnect?: boolean } }).installation,
    ).not.toHaveProperty('needs_reconnect');
    expect((await call('PATCH', `/contacts/${contact._id}`, { full_name: 'Bruna Reis Prado' })).status).toBe(
      200,
    );
    const synced = await eventually(() => {
      const found = contactByEmail('bruna@cliente.com.br')();
      return found?.name === 'Bruna Reis Prado' ? found : undefined;
    });
    expect(synced.email).toBe('bruna@cliente.com.br');
  }, 120_000);
});
