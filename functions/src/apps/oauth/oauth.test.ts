import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { completeOAuth, startOAuth } from '@atende/shared/contracts/apps/oauth';
import { installApp, listApps } from '@atende/shared/contracts/apps/routes';
import { listAppsResponse } from '@atende/shared/contracts/apps/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { handler } from '../handler.ts';
import { appKeys } from '../keys.ts';
import type * as RdMarketing from './rdstation-marketing.ts';
import { rdRequestTokens } from './rdstation-marketing.ts';
import { getApp } from '../store.ts';
import { signState, STATE_TTL_SECONDS } from './state.ts';
import { saveTokens, sealTokens, tokenSession } from './tokens.ts';

vi.mock('../../realtime/publish.ts', () => ({
  publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })),
}));
vi.mock('./rdstation-marketing.ts', async (original) => ({
  ...(await original<typeof RdMarketing>()),
  rdRequestTokens: vi.fn(),
}));
const exchange = vi.mocked(rdRequestTokens);

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'apps-test-encryption-passphrase';
  process.env.PUBLIC_BASE_URL = 'https://app.atende.test';
  process.env.PROVIDER_BASE_URLS = JSON.stringify({ rdstationmarketing: 'https://rd.sandbox.test' });
  process.env.RDSTATION_MARKETING_CLIENT = JSON.stringify({ client_id: 'cid-1', client_secret: 'cs-1' });
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

beforeEach(() => {
  exchange.mockReset();
  exchange.mockResolvedValue({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: 86_400 });
});

const params = { name: 'rdstationmarketing' };
const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

async function started(tenant: Tenant): Promise<string> {
  const answer = await callRoute(handler, startOAuth, { token: tenant.admin.token, params });
  expect(answer.status).toBe(200);
  return (answer.body as { authorize_url: string }).authorize_url;
}

const callback = (tenant: Tenant, state: string, token = tenant.admin.token) =>
  callRoute(handler, completeOAuth, { token, params, body: { code: 'code-1', state } });

const refusedState = (answer: { status: number; body: unknown }) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ field: 'state', message: ptBR.apps.oauth.invalidState });
};

describe('RD Station Marketing OAuth', () => {
  it('sends the admin to RD Station with the client id, the callback page and a state', async () => {
    const url = new URL(await started(a));
    expect(`${url.origin}${url.pathname}`).toBe('https://rd.sandbox.test/auth/dialog');
    expect(url.searchParams.get('client_id')).toBe('cid-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.atende.test/app/auth/rdstationmarketing');
    expect(url.searchParams.get('state')?.split('.')).toHaveLength(3);
  });

  it('lets only admins start or finish the connection', async () => {
    for (const member of [a.manager, a.operator]) {
      expect((await callRoute(handler, startOAuth, { token: member.token, params })).status).toBe(403);
      expect((await callback(a, 'x.y.z', member.token)).status).toBe(403);
    }
    expect(exchange).not.toHaveBeenCalled();
  });

  it('refuses a tampered state without asking RD Station', async () => {
    const state = stateOf(await started(a));
    const [header, payload, signature] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, cid: b.companyId })).toString('base64url');
    refusedState(await callback(b, `${header}.${forged}.${signature}`));
    refusedState(await callback(a, `${state.slice(0, -2)}xx`));
    expect(exchange).not.toHaveBeenCalled();
  });

  it("refuses another company's state and another employee's state", async () => {
    refusedState(await callback(b, stateOf(await started(a))));
    const otherAdmin = await signState('rdstationmarketing', {
      companyId: a.companyId,
      employeeId: a.manager.id,
    });
    refusedState(await callback(a, otherAdmin));
    expect(exchange).not.toHaveBeenCalled();
  });

  it('refuses an expired state', async () => {
    const past = new Date(Date.now() - (STATE_TTL_SECONDS + 5) * 1000);
    const state = await signState(
      'rdstationmarketing',
      { companyId: b.companyId, employeeId: b.admin.id },
      past,
    );
    refusedState(await callback(b, state));
  });

  it('installs with the tokens sealed, once per state (a replay is refused), visible to its company only', async () => {
    const state = stateOf(await started(a));
    const done = await callback(a, state);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      name: 'rdstationmarketing',
      installation: { credentials_set: ['token'] },
    });
    expect(exchange).toHaveBeenCalledWith({ client_id: 'cid-1', client_secret: 'cs-1' }, { code: 'code-1' });

    refusedState(await callback(a, state));
    expect(exchange).toHaveBeenCalledTimes(1);

    const { Item } = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: appKeys.item(a.companyId, 'rdstationmarketing') }),
    );
    expect(JSON.stringify(Item)).not.toContain('at-1');
    expect(JSON.stringify(Item)).not.toContain('rt-1');
    const listed = async (tenant: Tenant) =>
      listAppsResponse
        .parse((await callRoute(handler, listApps, { token: tenant.admin.token })).body)
        .apps.find((app) => app.name === 'rdstationmarketing')?.installation;
    expect(await listed(a)).not.toBeNull();
    expect(await listed(b)).toBeNull();

    // Connecting again replaces the tokens of the same installation.
    exchange.mockResolvedValue({ access_token: 'at-2', refresh_token: 'rt-2', expires_in: 86_400 });
    const again = await callback(a, stateOf(await started(a)));
    expect(again.status).toBe(200);
    expect((again.body as { installation: { _id: string } }).installation._id).toBe(
      (done.body as { installation: { _id: string } }).installation._id,
    );
  });

  it('answers 400 on the code when RD Station refuses it', async () => {
    const { CrmRejected } = await import('../crm/client.ts');
    exchange.mockRejectedValue(new CrmRejected('rd station marketing answered 401 ACCESS_DENIED', 401));
    const answer = await callback(b, stateOf(await started(b)));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'code', message: ptBR.apps.oauth.refused });
  });

  it('keeps one pair when two workers renew an expiring token together (one revision wins, the other adopts it)', async () => {
    const stored = await getApp(a.companyId, 'rdstationmarketing');
    if (!stored) throw new Error('not installed');
    const expired = {
      ...stored,
      credentials: sealTokens(
        { access_token: 'old', refresh_token: 'rt-old', expires_in: 1 },
        stored._id,
        new Date(0),
      ),
    };
    expect(await saveTokens(stored, stored.oauth_rev ?? 0, expired.credentials)).toBe(true);
    const current = await getApp(a.companyId, 'rdstationmarketing');
    if (!current) throw new Error('not installed');
    exchange.mockReset();
    exchange.mockImplementation(async () => ({
      access_token: `fresh-${exchange.mock.calls.length}`,
      refresh_token: 'rt-new',
      expires_in: 86_400,
    }));
    const [first, second] = await Promise.all([
      tokenSession(current).current(),
      tokenSession(current).current(),
    ]);
    expect(first.access).toBe(second.access);
    expect(exchange.mock.calls.map(([, grant]) => grant)).toContainEqual({ refresh_token: 'rt-old' });
    const after = await getApp(a.companyId, 'rdstationmarketing');
    expect(after?.oauth_rev).toBe((current.oauth_rev ?? 0) + 1);
  });

  it('refuses a pasted token: the app connects through the authorization only', async () => {
    const answer = await callRoute(handler, installApp, {
      token: b.admin.token,
      params,
      body: { token: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'token', message: ptBR.apps.oauth.connectInstead });
  });
});
