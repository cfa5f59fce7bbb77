import { createCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handler } from './handler.ts';
import { campaignWorld } from './test-campaigns.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let world: Awaited<ReturnType<typeof campaignWorld>>;
beforeAll(async () => {
  world = await campaignWorld();
});

const allowActive = (allowed: boolean) =>
  setCompany(world.a.companyId, {
    company_settings: { whatsapp: { whatsapp_official_allow_active: allowed } },
  });

describe('whatsapp_official_allow_active (spec point 5)', () => {
  it('off, an official campaign is refused naming the integration in pt-BR; on, it is created', async () => {
    const { tagId } = await world.audience(1);
    const body = {
      name: 'Ativo',
      integration: world.official._id,
      template: 'promo',
      variables: { '1': { source: 'text', value: 'Ana' }, '2': { source: 'text', value: '10%' } },
      audience: { tags: [tagId] },
    };
    await allowActive(false);
    const refused = await callRoute(handler, createCampaign, { token: world.a.admin.token, body });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'integration', message: ptBR.campaigns.officialNotAllowed });
    await allowActive(true);
    const created = await callRoute(handler, createCampaign, { token: world.a.admin.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 0 });
  });
});
