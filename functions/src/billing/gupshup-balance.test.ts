import { randomBytes } from 'node:crypto';
import { type GupshupBalanceView, getGupshupBalance } from '@atende/shared/contracts/billing/routes';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { fakeFetch } from '../channels/meta/fake-fetch.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as integrationsHandler } from '../integrations/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0 })) };
});

let a: Tenant;
let b: Tenant;
let integration: string;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.publicBaseUrl] = 'https://app.example.com';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  process.env[ENV.providerBaseUrls] = JSON.stringify({ gupshup: 'http://sandbox.local/gupshup' });
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const created = await callRoute(integrationsHandler, createChannelIntegration, {
    token: a.admin.token,
    body: {
      type: 'official',
      provider: 'gupshup',
      label: 'Gupshup Vendas',
      phone: '5585999992222',
      app_name: 'atendeapp',
      api_key: 'gupshup-key-7777',
    },
  });
  expect(created.status).toBe(201);
  integration = (created.body as { _id: string })._id;
});

afterEach(() => setProviderFetch());

const balances = async (token: string) => {
  const answer = await callRoute(handler, getGupshupBalance, { token });
  return { status: answer.status, balances: (answer.body as { balances?: GupshupBalanceView[] }).balances };
};

describe('Gupshup wallet balance (show_gupshup_wallet_balance_to_operators)', () => {
  it("reads each Gupshup integration's balance with its own key", async () => {
    const fetch = fakeFetch({ status: 200, body: { status: 'success', balance: 41.938 } });
    setProviderFetch(fetch);
    expect(await balances(a.admin.token)).toEqual({
      status: 200,
      balances: [{ integration, label: 'Gupshup Vendas', balance: 41.938, currency: 'USD', error: null }],
    });
    expect(fetch.requests[0]).toMatchObject({
      url: 'http://sandbox.local/gupshup/sm/api/v2/wallet/balance',
      method: 'GET',
      headers: { apikey: 'gupshup-key-7777' },
    });
  });

  it('shows operators the balance only when the company allows it', async () => {
    setProviderFetch(fakeFetch({ status: 200, body: { status: 'success', balance: 3 } }));
    await setCompany(a.companyId, { permissions: {} });
    expect((await balances(a.operator.token)).status).toBe(403);
    expect((await balances(a.manager.token)).status).toBe(200);
    await setCompany(a.companyId, { permissions: { show_gupshup_wallet_balance_to_operators: true } });
    setProviderFetch(fakeFetch({ status: 200, body: { status: 'success', balance: 3 } }));
    expect((await balances(a.operator.token)).balances?.[0]?.balance).toBe(3);
  });

  it("says so, per integration, when Gupshup refuses; another company sees none of a's", async () => {
    setProviderFetch(fakeFetch({ status: 401, body: { status: 'error', message: 'Authentication Failed' } }));
    expect((await balances(a.admin.token)).balances).toEqual([
      {
        integration,
        label: 'Gupshup Vendas',
        balance: null,
        currency: 'USD',
        error: ptBR.billing.gupshupBalanceFailed,
      },
    ]);
    expect(await balances(b.admin.token)).toEqual({ status: 200, balances: [] });
  });
});
