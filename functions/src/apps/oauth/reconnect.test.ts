import { completeOAuth, startOAuth } from '@atende/shared/contracts/apps/oauth';
import { listApps } from '@atende/shared/contracts/apps/routes';
import { listAppsResponse } from '@atende/shared/contracts/apps/views';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { publishToRoom } from '../../realtime/publish.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { CrmDisconnected, CrmRejected, CrmRetryable } from '../crm/client.ts';
import { connectedCrms } from '../crm/sync.ts';
import { handler } from '../handler.ts';
import { getApp } from '../store.ts';
import type * as RdMarketing from './rdstation-marketing.ts';
import { rdRequestTokens } from './rdstation-marketing.ts';
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
const params = { name: 'rdstationmarketing' };

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

async function connect(tenant: Tenant) {
  const started = await callRoute(handler, startOAuth, { token: tenant.admin.token, params });
  const state = new URL((started.body as { authorize_url: string }).authorize_url).searchParams.get('state');
  const done = await callRoute(handler, completeOAuth, {
    token: tenant.admin.token,
    params,
    body: { code: 'code-1', state: state ?? '' },
  });
  expect(done.status).toBe(200);
}

/** Leaves the installation with an access token past its expiry, so the next call refreshes first. */
async function expire(tenant: Tenant) {
  const stored = await getApp(tenant.companyId, 'rdstationmarketing');
  if (!stored) throw new Error('not installed');
  const credentials = sealTokens(
    { access_token: 'old', refresh_token: 'rt-old', expires_in: 1 },
    stored._id,
    new Date(0),
  );
  expect(await saveTokens(stored, stored.oauth_rev ?? 0, credentials)).toBe(true);
  const current = await getApp(tenant.companyId, 'rdstationmarketing');
  if (!current) throw new Error('not installed');
  return current;
}

const installationOf = async (tenant: Tenant) =>
  listAppsResponse
    .parse((await callRoute(handler, listApps, { token: tenant.admin.token })).body)
    .apps.find((app) => app.name === 'rdstationmarketing')?.installation;

describe('RD Station Marketing reconnection', () => {
  it('marks the installation for reconnection when RD refuses the refresh for good, and stops its sync', async () => {
    await connect(a);
    await connect(b);
    const current = await expire(a);
    exchange.mockRejectedValue(
      new CrmRejected('rd station marketing answered 401 INVALID_REFRESH_TOKEN', 401),
    );
    vi.mocked(publishToRoom).mockClear();
    await expect(tokenSession(current).current()).rejects.toBeInstanceOf(CrmDisconnected);

    expect((await getApp(a.companyId, 'rdstationmarketing'))?.reconnect_required_at).toEqual(
      expect.any(String),
    );
    expect(await installationOf(a)).toMatchObject({ needs_reconnect: true });
    // Another company's installation is untouched.
    expect((await installationOf(b))?.needs_reconnect).toBeUndefined();
    expect(vi.mocked(publishToRoom)).toHaveBeenCalledWith(
      a.companyId,
      expect.any(String),
      'refresh-session',
      { event: 'install-app' },
    );
    expect((await connectedCrms(a.companyId)).map((crm) => crm.app.name)).not.toContain('rdstationmarketing');
    expect((await connectedCrms(b.companyId)).map((crm) => crm.app.name)).toContain('rdstationmarketing');

    // A session still holding the old record asks RD nothing more.
    exchange.mockClear();
    await expect(
      tokenSession(current).renew({ access: 'old', refresh: 'rt-old', expiresAt: 0, rev: 99 }),
    ).rejects.toBeInstanceOf(CrmDisconnected);
    expect(exchange).not.toHaveBeenCalled();
  });

  it('reconnecting through the authorization clears the prompt and the sync resumes', async () => {
    exchange.mockResolvedValue({ access_token: 'at-9', refresh_token: 'rt-9', expires_in: 86_400 });
    await connect(a);
    expect((await getApp(a.companyId, 'rdstationmarketing'))?.reconnect_required_at).toBeUndefined();
    expect((await installationOf(a))?.needs_reconnect).toBeUndefined();
    expect((await connectedCrms(a.companyId)).map((crm) => crm.app.name)).toContain('rdstationmarketing');
  });

  it('keeps the installation connected when RD is only unavailable (429/5xx): the event is retried', async () => {
    const current = await expire(b);
    exchange.mockRejectedValue(new CrmRetryable('rd station marketing answered 503'));
    await expect(tokenSession(current).current()).rejects.toBeInstanceOf(CrmRetryable);
    expect((await getApp(b.companyId, 'rdstationmarketing'))?.reconnect_required_at).toBeUndefined();
  });
});
