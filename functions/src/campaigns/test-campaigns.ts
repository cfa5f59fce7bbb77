import { randomBytes } from 'node:crypto';
import {
  createCampaign,
  getCampaign,
  startCampaign,
} from '@atende/shared/contracts/campaigns/campaign-routes';
import { listRecipients } from '@atende/shared/contracts/campaigns/recipient-routes';
import type { CampaignView, RecipientView } from '@atende/shared/contracts/campaigns/views';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { putTemplates } from '../templates/store.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

/**
 * The hang guard of a test building an 80-contact audience: 640 emulator requests before its first send, 10 s on
 * a quiet machine and past the suite's 30 s on a loaded CI runner. Not a performance target (the campaign bench).
 */
export const LARGE_AUDIENCE_TIMEOUT = 90_000;

let phone = 40_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/**
 * Test support: two tenants, company A with an official number, an APPROVED `promo` template (a header and
 * a body with variables), active sending allowed; helpers to build a tagged audience and run campaigns.
 */
export async function campaignWorld() {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
  const [a, b] = (await Promise.all([createTenant(), createTenant()])) as [Tenant, Tenant];
  const official = (
    await callRoute(integrations, createChannelIntegration, {
      token: a.admin.token,
      body: {
        type: 'official',
        provider: 'meta',
        label: 'Oficial',
        phone: '558530001000',
        phone_number_id: '106540352242922',
        access_token: 'EAAG-token-1',
        app_secret: 'secret',
        verify_token: 'verify',
        waba_id: '204567',
      },
    })
  ).body as ProviderIntegrationView;
  await putTemplates(a.companyId, [
    {
      _id: newObjectId(),
      integration: official._id,
      name: 'promo',
      language: 'pt_BR',
      status: 'APPROVED',
      header: 'Oferta para {{1}}',
      body: 'Olá {{1}}, hoje tem {{2}} de desconto!',
      source: 'manual',
      updated_at: new Date().toISOString(),
    },
  ]);
  await setCompany(a.companyId, { company_settings: { whatsapp: { whatsapp_official_allow_active: true } } });

  const contact = async (body: Record<string, unknown>) => {
    const response = await callRoute(contactsHandler, createContact, { token: a.admin.token, body });
    if (response.status !== 201) throw new Error(`contact: ${JSON.stringify(response.body)}`);
    return response.body as ContactView;
  };
  /** A tag with `count` reachable contacts (named Cliente 1..n). */
  const audience = async (count: number) => {
    const tag = await callRoute(tagsHandler, createTag, {
      token: a.admin.token,
      body: { name: `Lote ${newObjectId()}`, color: '#123456' },
    });
    const tagId = (tag.body as TagView)._id;
    const contacts: ContactView[] = [];
    for (let index = 1; index <= count; index += 1) {
      contacts.push(
        await contact({ full_name: `Cliente ${index}`, cel_phone: `+55859${(phone += 1)}`, tags: [tagId] }),
      );
    }
    return { tagId, contacts };
  };
  const create = async (tagId: string, extra: Record<string, unknown> = {}) => {
    const response = await callRoute(handler, createCampaign, {
      token: a.admin.token,
      body: {
        name: 'Black Friday',
        integration: official._id,
        template: 'promo',
        variables: {
          '1': { source: 'field', value: 'customer_first_name' },
          '2': { source: 'text', value: '20%' },
          header_1: { source: 'text', value: 'você' },
        },
        audience: { tags: [tagId] },
        ...extra,
      },
    });
    if (response.status !== 201) throw new Error(`create: ${JSON.stringify(response.body)}`);
    return (response.body as { _id: string })._id;
  };
  const start = (id: string) => callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
  const view = async (id: string) =>
    (await callRoute(handler, getCampaign, { token: a.admin.token, params: { id } })).body as CampaignView;
  const recipients = async (id: string) =>
    (
      (
        await callRoute(handler, listRecipients, {
          token: a.admin.token,
          params: { id },
          query: { limit: '200' },
        })
      ).body as { recipients: RecipientView[] }
    ).recipients;
  return { a, b, official, contact, audience, create, start, view, recipients };
}
