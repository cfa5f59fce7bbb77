import type { GupshupBalanceView } from '@atende/shared/contracts/billing/routes';
import { billingPtBR } from '@atende/shared/i18n/pt-BR';
import * as z from 'zod';
import { GUPSHUP_BASE_URL, gupshupCredentials } from '../channels/gupshup/adapter.ts';
import { joinUrl } from '../channels/meta/graph.ts';
import { providerBaseUrl, providerFetch } from '../channels/providers.ts';
import { openCredentials } from '../integrations/crypto.ts';
import type { ProviderIntegrationRecord } from '../integrations/records.ts';
import { listIntegrations } from '../integrations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { logger } from '../lib/logger.ts';

/** Gupshup's answer to GET /sm/api/v2/wallet/balance (apikey header): `{status: 'success', balance: 41.938}`. */
const balanceAnswer = z.object({ status: z.literal('success'), balance: z.number() });

async function balanceOf(companyId: string, record: ProviderIntegrationRecord): Promise<GupshupBalanceView> {
  const base = { integration: record._id, label: record.label, currency: 'USD' as const };
  try {
    const { api_key } = gupshupCredentials.parse(openCredentials(record.credentials, record._id));
    const response = await providerFetch()(
      joinUrl(providerBaseUrl('gupshup') ?? GUPSHUP_BASE_URL, 'sm/api/v2/wallet/balance'),
      { method: 'GET', headers: { apikey: api_key } },
    );
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = balanceAnswer.safeParse(body);
    if (!response.ok || !parsed.success) throw new Error(`Gupshup answered ${response.status}`);
    return { ...base, balance: parsed.data.balance, error: null };
  } catch (error) {
    logger.warn('Gupshup wallet balance not read', {
      company_id: companyId,
      integration: record._id,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ...base, balance: null, error: billingPtBR.gupshupBalanceFailed };
  }
}

/** The wallet balance of each of the company's Gupshup integrations, read live from Gupshup. */
export async function gupshupBalances(auth: AuthContext): Promise<{ balances: GupshupBalanceView[] }> {
  const gupshup = (await listIntegrations(auth.companyId)).filter(
    (record): record is ProviderIntegrationRecord =>
      record.type !== 'widget' && record.provider === 'gupshup',
  );
  return { balances: await Promise.all(gupshup.map((record) => balanceOf(auth.companyId, record))) };
}
