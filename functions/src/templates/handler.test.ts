import { randomBytes } from 'node:crypto';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { allBasicByIntegration } from '@atende/shared/contracts/templates/all-basic-by-integration';
import { listTemplates } from '@atende/shared/contracts/templates/list-templates';
import { registerTemplate } from '@atende/shared/contracts/templates/register-template';
import { submitTemplate } from '@atende/shared/contracts/templates/submit-template';
import { syncTemplates } from '@atende/shared/contracts/templates/sync-templates';
import type { TemplateListResponse } from '@atende/shared/contracts/templates/views';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { fakeFetch } from '../channels/meta/fake-fetch.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0 })) };
});

let a: Tenant;
let b: Tenant;
let meta: ProviderIntegrationView;
let gupshup: ProviderIntegrationView;
let email: ProviderIntegrationView;

const create = async (token: string, body: Record<string, unknown>) =>
  (await callRoute(integrations, createChannelIntegration, { token, body })).body as ProviderIntegrationView;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  meta = await create(a.admin.token, {
    type: 'official',
    provider: 'meta',
    label: 'Oficial',
    phone: '558530001000',
    phone_number_id: '106540352242922',
    access_token: 'EAAG-token-1',
    app_secret: 'secret',
    verify_token: 'verify',
    waba_id: '204567',
  });
  gupshup = await create(a.admin.token, {
    type: 'official',
    provider: 'gupshup',
    label: 'Gupshup',
    phone: '558530002000',
    app_name: 'loja',
    api_key: 'key-1',
  });
  email = await create(a.admin.token, { type: 'email', label: 'Mail', email: 'a@a.com' });
});

afterEach(() => setProviderFetch());

const graphTemplate = (name: string, status: string, text = `Texto de ${name}`) => ({
  id: `id-${name}`,
  name,
  language: 'pt_BR',
  status,
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Cabeçalho' },
    { type: 'BODY', text },
  ],
});

const items = (response: { body: unknown }) => (response.body as TemplateListResponse).items;

describe('templates of official WhatsApp integrations', () => {
  it("syncs the WABA's templates through every page with the spec's statuses", async () => {
    const fetch = fakeFetch(
      {
        status: 200,
        body: {
          data: [graphTemplate('boas_vindas', 'APPROVED'), graphTemplate('promo', 'IN_APPEAL')],
          paging: { next: 'https://graph.facebook.com/v21.0/204567/message_templates?after=X' },
        },
      },
      {
        status: 200,
        body: { data: [graphTemplate('antigo', 'DISABLED'), graphTemplate('novo', 'PENDING')] },
      },
    );
    setProviderFetch(fetch);
    const synced = await callRoute(handler, syncTemplates, {
      token: a.admin.token,
      body: { integration: meta._id },
    });
    expect(synced.status).toBe(200);
    expect(fetch.requests[0]?.url).toMatch(
      /^https:\/\/graph\.facebook\.com\/v21\.0\/204567\/message_templates\?/,
    );
    expect(fetch.requests[0]?.headers.authorization).toBe('Bearer EAAG-token-1');
    expect(items(synced).map((template) => [template.name, template.status])).toEqual([
      ['antigo', 'DEACTIVATED'],
      ['boas_vindas', 'APPROVED'],
      ['novo', 'PENDING'],
      ['promo', 'REVISION'],
    ]);
    expect(items(synced)[1]).toMatchObject({ body: 'Texto de boas_vindas', source: 'provider' });

    setProviderFetch(fakeFetch({ status: 200, body: { data: [graphTemplate('boas_vindas', 'PAUSED')] } }));
    const again = await callRoute(handler, syncTemplates, {
      token: a.admin.token,
      body: { integration: `integration-${meta._id}` },
    });
    expect(items(again)).toMatchObject([
      { name: 'boas_vindas', status: 'PAUSED', _id: items(synced)[1]?._id },
    ]);

    const basic = await callRoute(handler, allBasicByIntegration, {
      token: a.operator.token,
      body: { integration: meta._id },
    });
    expect(items(basic).map((template) => template.name)).toEqual(['boas_vindas']);
  });

  it('answers 502 when the provider refuses, and 400 without waba_id or for a non-official integration', async () => {
    setProviderFetch(fakeFetch({ status: 500, body: { error: { message: 'down', code: 1 } } }));
    const failed = await callRoute(handler, syncTemplates, {
      token: a.admin.token,
      body: { integration: meta._id },
    });
    expect(failed).toMatchObject({ status: 502, body: { message: ptBR.channels.templatesSyncFailed } });
    const manualOnly = await callRoute(handler, syncTemplates, {
      token: a.admin.token,
      body: { integration: gupshup._id },
    });
    expect(manualOnly).toMatchObject({ status: 400, body: { field: 'integration' } });
    const notOfficial = await callRoute(handler, allBasicByIntegration, {
      token: a.admin.token,
      body: { integration: email._id },
    });
    expect(notOfficial).toMatchObject({
      status: 400,
      body: { message: ptBR.channels.templatesNeedOfficial },
    });
  });

  it('registers templates by hand for providers without a synced API, and lists them by integration', async () => {
    const registered = await callRoute(handler, registerTemplate, {
      token: a.admin.token,
      body: {
        integration: gupshup._id,
        name: 'pedido_pronto',
        body: 'Seu pedido {{1}} está pronto',
        provider_template_id: 'gs-1',
      },
    });
    expect(registered).toMatchObject({
      status: 201,
      body: { name: 'pedido_pronto', language: 'pt_BR', status: 'APPROVED', source: 'manual' },
    });
    const invalid = await callRoute(handler, registerTemplate, {
      token: a.admin.token,
      body: { integration: gupshup._id, name: 'Com Espaço', body: 'x' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { field: expect.stringContaining('name') } });
    const listed = await callRoute(handler, listTemplates, {
      token: a.operator.token,
      query: { integration: gupshup._id },
    });
    expect(items(listed).map((template) => template.provider_template_id)).toEqual(['gs-1']);
    const all = await callRoute(handler, listTemplates, { token: a.operator.token });
    expect(items(all).map((template) => template.integration)).toContain(gupshup._id);
  });

  it('keeps companies apart and syncing to admins and managers with manage_integration', async () => {
    expect(
      (await callRoute(handler, listTemplates, { token: b.admin.token, query: { integration: meta._id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await callRoute(handler, allBasicByIntegration, {
          token: b.admin.token,
          body: { integration: meta._id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(handler, syncTemplates, { token: a.operator.token, body: { integration: meta._id } }))
        .status,
    ).toBe(403);
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(a.companyId, {
      permissions: { manage_integration: false },
      rollouts: [ROLLOUTS.manager],
    });
    expect(
      (await callRoute(handler, syncTemplates, { token: a.manager.token, body: { integration: meta._id } }))
        .status,
    ).toBe(403);
    await setCompany(a.companyId, { rollouts: [] });
  });
});

describe('template submission to Meta', () => {
  const submission = {
    name: 'oferta_relampago',
    language: 'pt_BR',
    category: 'MARKETING',
    header: 'Oferta para {{1}}',
    body: 'Olá {{1}}, hoje tem {{2}} de desconto!',
    examples: ['Maria', '20%'],
  };

  it('creates the template on the WABA with its header, body and examples, stored PENDING', async () => {
    const fetch = fakeFetch({
      status: 200,
      body: { id: '594425479261596', status: 'PENDING', category: 'MARKETING' },
    });
    setProviderFetch(fetch);
    const response = await callRoute(handler, submitTemplate, {
      token: a.admin.token,
      body: { integration: meta._id, ...submission },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'oferta_relampago',
      status: 'PENDING',
      header: 'Oferta para {{1}}',
      provider_template_id: '594425479261596',
      source: 'provider',
    });
    expect(fetch.requests[0]?.url).toMatch(/\/204567\/message_templates$/);
    expect(JSON.parse(fetch.requests[0]?.body ?? '{}')).toMatchObject({
      name: 'oferta_relampago',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Oferta para {{1}}' },
        { type: 'BODY', text: submission.body, example: { body_text: [['Maria', '20%']] } },
      ],
    });
    const listed = await callRoute(handler, listTemplates, {
      token: a.admin.token,
      query: { integration: meta._id },
    });
    expect(
      (listed.body as TemplateListResponse).items.find((item) => item.name === 'oferta_relampago')?.status,
    ).toBe('PENDING');
  });

  it("answers Meta's refusal as a 400 with its message; other companies and operators are refused", async () => {
    setProviderFetch(
      fakeFetch({
        status: 400,
        body: {
          error: { message: 'Invalid parameter', code: 100, error_subcode: 2388024, type: 'OAuthException' },
        },
      }),
    );
    const refused = await callRoute(handler, submitTemplate, {
      token: a.admin.token,
      body: { integration: meta._id, ...submission, name: 'outra_oferta' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(ptBR.campaigns.templateSubmit.refused);
    const badName = await callRoute(handler, submitTemplate, {
      token: a.admin.token,
      body: { integration: meta._id, ...submission, name: 'Oferta Grande' },
    });
    expect(badName.status).toBe(400);
    const foreign = await callRoute(handler, submitTemplate, {
      token: b.admin.token,
      body: { integration: meta._id, ...submission },
    });
    expect(foreign.status).toBe(404);
    const operator = await callRoute(handler, submitTemplate, {
      token: a.operator.token,
      body: { integration: meta._id, ...submission },
    });
    expect(operator.status).toBe(403);
  });
});
