import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { getChannelHealth } from '@atende/shared/contracts/integrations/get-channel-health';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { removeWhatsappIntegration } from '@atende/shared/contracts/integrations/remove-whatsapp-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import type { IntegrationView, ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { ENV } from '@atende/shared/infra/env';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAuditEntries } from '../audit/store.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { fakeFetch } from '../channels/meta/fake-fetch.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { readCompanyItem } from '../company/store.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { confirmedMailbox } from './test-mailbox.ts';
import { integrationKeys } from './keys.ts';
import { setConnection } from './connection.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0 })) };
});

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.publicBaseUrl] = 'https://app.example.com';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  process.env[ENV.providerBaseUrls] = JSON.stringify({ telegram: 'http://sandbox.local/telegram' });
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterEach(() => setProviderFetch());

const create = (token: string, body: unknown) =>
  callRoute(handler, createChannelIntegration, { token, body });
const created = async (token: string, body: unknown) => {
  const response = await create(token, body);
  expect(response.status).toBe(201);
  return response.body as ProviderIntegrationView;
};
const list = async (token: string) =>
  ((await callRoute(handler, listChannelIntegrations, { token })).body as { items: IntegrationView[] }).items;
const health = async (token: string) =>
  (await callRoute(handler, getChannelHealth, { token })).body as { health: number };
const storedItem = async (companyId: string, id: string) =>
  (
    await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: integrationKeys.item(companyId, id) }),
    )
  ).Item;

const META = {
  type: 'official',
  provider: 'meta',
  label: 'WhatsApp Vendas',
  phone: '5585999990000',
  phone_number_id: '109876543210',
  access_token: 'EAAG-meta-access-token-9876',
  app_secret: 'meta-app-secret-abcd',
  verify_token: 'verify-me-1234',
  waba_id: '204567',
};

describe('POST /api/integrations/channels (providers)', () => {
  it('creates a Meta WhatsApp integration: webhook URL, sealed credentials, company entry, audit, events', async () => {
    const view = await created(a.admin.token, META);
    expect(view).toMatchObject({
      type: 'official',
      provider: 'meta',
      label: 'WhatsApp Vendas',
      connection: true,
      webhookUrl: `https://app.example.com/api/webhooks/meta/${view._id}`,
      credentials: {
        phone: '5585999990000',
        phone_number_id: '109876543210',
        access_token: '••••9876',
        app_secret: '••••abcd',
        verify_token: '••••1234',
      },
    });
    const raw = JSON.stringify(await storedItem(a.companyId, view._id));
    for (const secret of [META.access_token, META.app_secret, META.verify_token]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).toContain('"kid"');

    const company = await readCompanyItem(a.companyId);
    expect(company.whatsapps_integrations_type).toBe('official');
    expect((company.official_whatsapps as Record<string, unknown>)[`integration-${view._id}`]).toEqual({
      label: 'WhatsApp Vendas',
      phone: '5585999990000',
      type: 'official',
      connection: true,
      access_token: '••••9876',
    });
    const audit = await listAuditEntries(a.companyId, { entity: 'integration', limit: 10 });
    expect(JSON.stringify(audit)).toContain(view._id);
    expect(JSON.stringify(audit)).not.toContain(META.access_token);
    const events = vi.mocked(publishToRoom).mock.calls.map(([, , event, data]) => ({ event, data }));
    expect(events).toContainEqual({
      event: 'whatsapp-official',
      data: { integration: view._id, action: 'create' },
    });
    expect(events).toContainEqual({
      event: 'refresh-whatsapp',
      data: { integration: view._id, action: 'create' },
    });
  });

  it('gives token-authenticated providers a webhook URL with ?token= and sets the company provider kind', async () => {
    const dialog = await created(a.admin.token, {
      type: 'official',
      provider: 'dialog',
      label: '360',
      phone: '5585999991111',
      api_key: 'dialog-api-key-5555',
    });
    expect(dialog.webhookUrl).toMatch(
      new RegExp(`^https://app\\.example\\.com/api/webhooks/dialog/${dialog._id}\\?token=[\\w-]{32}$`),
    );
    expect(dialog.credentials).toEqual({ phone: '5585999991111', api_key: '••••5555' });
    const gupshup = await created(a.admin.token, {
      type: 'official',
      provider: 'gupshup',
      label: 'Gupshup',
      phone: '5585999992222',
      app_name: 'atendeapp',
      api_key: 'gupshup-key-7777',
    });
    expect(gupshup.webhookUrl).toContain(`/api/webhooks/gupshup/${gupshup._id}?token=`);
    expect((await readCompanyItem(a.companyId)).whatsapps_integrations_type).toBe('gupshup');

    const motor = await created(a.admin.token, {
      ...META,
      provider: 'motor',
      label: 'Motor',
      base_url: 'https://motor.example.com',
    });
    expect(motor).toMatchObject({
      provider: 'motor',
      credentials: { base_url: 'https://motor.example.com' },
    });
  });

  it('creates Messenger, Instagram and e-mail integrations in their company maps', async () => {
    const page = {
      page_id: '1122',
      access_token: 'page-token-0001',
      app_secret: 's3cr3t',
      verify_token: 'vt',
    };
    const messenger = await created(a.admin.token, { type: 'messenger', label: 'Página', ...page });
    const instagram = await created(a.admin.token, {
      type: 'instagram',
      label: 'Insta',
      ...page,
      instagram_account_id: '1789',
    });
    const email = await created(a.admin.token, {
      type: 'email',
      label: 'Suporte',
      email: 'Suporte@Loja.com',
    });
    expect(messenger.webhookUrl).toBe(`https://app.example.com/api/webhooks/messenger/${messenger._id}`);
    expect(instagram.credentials).toMatchObject({ instagram_account_id: '1789', access_token: '••••0001' });
    expect(email).toMatchObject({ webhookUrl: '', credentials: { email: 'suporte@loja.com' } });
    const company = await readCompanyItem(a.companyId);
    expect(Object.keys(company.messengers as object)).toContain(`integration-${messenger._id}`);
    expect(Object.keys(company.instagrams as object)).toContain(`integration-${instagram._id}`);
    expect((company.emails as Record<string, unknown>)[`integration-${email._id}`]).toMatchObject({
      label: 'Suporte',
      email: 'suporte@loja.com',
      access_token: expect.any(String),
    });
  });

  it('registers the Telegram webhook through the Bot API with the secret token, and refuses a bad token', async () => {
    const fetch = fakeFetch({ status: 200, body: { ok: true, result: true } });
    setProviderFetch(fetch);
    const view = await created(a.admin.token, {
      type: 'telegram',
      label: 'Bot',
      bot_token: '123456:ABC-def_ghi',
      secret_token: 'tg-secret-9999',
    });
    expect(fetch.requests).toHaveLength(1);
    expect(fetch.requests[0]?.url).toBe('http://sandbox.local/telegram/bot123456:ABC-def_ghi/setWebhook');
    expect(JSON.parse(fetch.requests[0]?.body ?? '{}')).toMatchObject({
      url: `https://app.example.com/api/webhooks/telegram/${view._id}`,
      secret_token: 'tg-secret-9999',
    });
    expect(view.credentials).toEqual({ bot_token: '••••_ghi', secret_token: '••••9999' });

    const before = (await list(a.admin.token)).length;
    setProviderFetch(
      fakeFetch({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } }),
    );
    const refused = await create(a.admin.token, { type: 'telegram', label: 'Bot', bot_token: '1:bad' });
    expect(refused).toMatchObject({
      status: 400,
      body: { field: 'bot_token', message: ptBR.channels.telegramWebhookFailed },
    });
    expect(await list(a.admin.token)).toHaveLength(before);
  });

  it('answers 400 naming the missing or invalid credential, and creates nothing', async () => {
    const before = (await list(b.admin.token)).length;
    const { access_token: _token, ...withoutToken } = META;
    expect((await create(b.admin.token, withoutToken)).body).toMatchObject({
      field: expect.stringContaining('access_token'),
    });
    expect((await create(b.admin.token, { ...META, phone: 'abc' })).body).toMatchObject({
      field: expect.stringContaining('phone'),
    });
    expect((await create(b.admin.token, { ...META, provider: 'twilio' })).status).toBe(400);
    expect((await create(b.admin.token, { type: 'email', label: 'x', email: 'nope' })).body).toMatchObject({
      field: expect.stringContaining('email'),
    });
    expect(await list(b.admin.token)).toHaveLength(before);
  });

  it('lets a manager create only with manage_integration, never an operator', async () => {
    const email = { type: 'email', label: 'Vendas', email: 'vendas@b.com' };
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(b.companyId, {
      permissions: { manage_integration: false },
      rollouts: [ROLLOUTS.manager],
    });
    expect((await create(b.manager.token, email)).status).toBe(403);
    await setCompany(b.companyId, { permissions: { manage_integration: true } });
    expect((await create(b.manager.token, email)).status).toBe(201);
    expect((await create(b.operator.token, email)).status).toBe(403);
    await setCompany(b.companyId, { rollouts: [] });
  });
});

describe('PATCH /api/integrations/channels/{id}', () => {
  it('renames and rotates credentials; the old secret is gone and the entry follows', async () => {
    const view = await created(a.admin.token, { ...META, label: 'Para editar' });
    const response = await callRoute(handler, updateChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
      body: { label: 'Editado', access_token: 'EAAG-rotated-token-4321' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      label: 'Editado',
      credentials: { access_token: '••••4321', app_secret: '••••abcd' },
    });
    const raw = JSON.stringify(await storedItem(a.companyId, view._id));
    expect(raw).not.toContain('EAAG-rotated-token-4321');
    const company = await readCompanyItem(a.companyId);
    expect((company.official_whatsapps as Record<string, unknown>)[`integration-${view._id}`]).toMatchObject({
      label: 'Editado',
      access_token: '••••4321',
    });
  });

  it("answers 400 naming a field the provider does not take, and 404 for another company's integration", async () => {
    const view = await created(a.admin.token, { type: 'email', label: 'Contato', email: 'contato@a.com' });
    const foreign = await callRoute(handler, updateChannelIntegration, {
      token: b.admin.token,
      params: { id: view._id },
      body: { label: 'Roubado' },
    });
    expect(foreign.status).toBe(404);
    const wrong = await callRoute(handler, updateChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
      body: { bot_token: '1:abc' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'bot_token' } });
    const operator = await callRoute(handler, updateChannelIntegration, {
      token: a.operator.token,
      params: { id: view._id },
      body: { label: 'x' },
    });
    expect(operator.status).toBe(403);
  });
});

describe('connection state, health and removal', () => {
  it('lists connection states and reports health 1, 2, 3', async () => {
    const tenant = await createTenant();
    expect(await health(tenant.operator.token)).toEqual({ health: 3 });
    const unproven = await created(tenant.admin.token, { type: 'email', label: 'Zero', email: 'zero@c.com' });
    expect(unproven.connection).toBe(false);
    // Only its code connects an address nobody proved to own.
    expect(await setConnection(tenant.companyId, unproven._id, true)).toBe(false);
    expect(await health(tenant.operator.token)).toEqual({ health: 3 });
    expect(
      (
        await callRoute(handler, deleteChannelIntegration, {
          token: tenant.admin.token,
          params: { id: unproven._id },
        })
      ).status,
    ).toBe(204);
    const one = await confirmedMailbox(tenant.admin.token, 'um@c.com', () =>
      created(tenant.admin.token, { type: 'email', label: 'Um', email: 'um@c.com' }),
    );
    const two = await created(tenant.admin.token, { ...META, label: 'Dois' });
    expect(await health(tenant.operator.token)).toEqual({ health: 1 });
    expect(await setConnection(tenant.companyId, two._id, false)).toBe(true);
    expect(await setConnection(tenant.companyId, two._id, false)).toBe(false);
    const items = await list(tenant.admin.token);
    expect(items.map((item) => [item._id, item.connection])).toEqual([
      [one._id, true],
      [two._id, false],
    ]);
    const company = await readCompanyItem(tenant.companyId);
    expect(
      (company.official_whatsapps as Record<string, { connection: boolean }>)[`integration-${two._id}`]
        ?.connection,
    ).toBe(false);
    expect(await health(tenant.operator.token)).toEqual({ health: 2 });
    await setConnection(tenant.companyId, one._id, false);
    expect(await health(tenant.operator.token)).toEqual({ health: 3 });
  });

  it('deletes a provider integration with its entry; the Telegram webhook is dropped', async () => {
    setProviderFetch(fakeFetch({ status: 200, body: { ok: true, result: true } }));
    const view = await created(a.admin.token, { type: 'telegram', label: 'Bot 2', bot_token: '42:xyz' });
    const fetch = fakeFetch({ status: 200, body: { ok: true, result: true } });
    setProviderFetch(fetch);
    const removed = await callRoute(handler, deleteChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
    });
    expect(removed.status).toBe(204);
    expect(fetch.requests[0]?.url).toContain('/bot42:xyz/deleteWebhook');
    expect(Object.keys((await readCompanyItem(a.companyId)).telegrams as object)).not.toContain(
      `integration-${view._id}`,
    );
  });

  it('removes a WhatsApp integration by the spec call, for the caller company only', async () => {
    const view = await created(a.admin.token, { ...META, label: 'Remover' });
    const call = (token: string, companyId: string, integration: string) =>
      callRoute(handler, removeWhatsappIntegration, {
        token,
        params: { companyId },
        body: { integration },
      });
    expect((await call(b.admin.token, a.companyId, view._id)).status).toBe(403);
    expect((await call(b.admin.token, b.companyId, view._id)).status).toBe(404);
    expect((await call(a.operator.token, a.companyId, view._id)).status).toBe(403);
    const email = await created(a.admin.token, { type: 'email', label: 'Não', email: 'nao@a.com' });
    expect((await call(a.admin.token, a.companyId, email._id)).body).toMatchObject({ field: 'integration' });
    const done = await call(a.admin.token, a.companyId, `integration-${view._id}`);
    expect(done).toMatchObject({
      status: 200,
      body: { message: 'Integração com WhatsApp acaba de ser desligada.' },
    });
    expect((await list(a.admin.token)).map((item) => item._id)).not.toContain(view._id);
    expect((await call(a.admin.token, a.companyId, view._id)).status).toBe(404);
  });
});
