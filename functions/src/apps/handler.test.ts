import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { installApp, listApps, uninstallApp } from '@atende/shared/contracts/apps/routes';
import { type AppView, listAppsResponse } from '@atende/shared/contracts/apps/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keys } from '../auth/keys.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { appKeys } from './keys.ts';

vi.mock('../realtime/publish.ts', () => ({ publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) }));
const published = vi.mocked(publishToRoom);

let a: Tenant;
let b: Tenant;

const SALESFORCE = {
  token: 'sf-token-1234',
  client_key: 'sf-client-key',
  login_user: 'vendas@empresa.com',
  login_password: 'sf-senha-secreta',
  security_token: 'sf-security-token',
};

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env.ENCRYPTION_KEY ??= 'apps-test-encryption-passphrase';
  // Pipedrive's webhook subscription at install goes nowhere here (refused at once, logged, install unaffected).
  process.env.PROVIDER_BASE_URLS = JSON.stringify({ pipedrive: 'http://127.0.0.1:9' });
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterEach(() => published.mockClear());

const install = (tenant: Tenant, name: string, body: Record<string, unknown>, token = tenant.admin.token) =>
  callRoute(handler, installApp, { token, params: { name }, body });

const list = async (tenant: Tenant, token = tenant.admin.token) => {
  const answer = await callRoute(handler, listApps, { token });
  expect(answer.status).toBe(200);
  return listAppsResponse.parse(answer.body).apps;
};

const refreshEvents = () =>
  published.mock.calls.map(([companyId, room, event, data]) => ({ companyId, room, event, data }));

describe('apps catalogue', () => {
  it('lists the ten apps of spec point 3 with their categories, none installed', async () => {
    const apps = await list(a);
    expect(apps.map((app) => app.name)).toEqual([
      'rdstation',
      'rdstationmarketing',
      'mentoria',
      'exactsales',
      'agendor',
      'nectar',
      'pipedrive',
      'vortico',
      'salesforce',
      'shopify',
    ]);
    expect(apps.every((app) => app.installation === null && app.allowed)).toBe(true);
    expect(apps.find((app) => app.name === 'pipedrive')?.fields).toEqual([
      { name: 'token', required: true, secret: true },
      { name: 'domain', required: true, secret: false },
    ]);
  });

  it.each([
    { app: 'salesforce', body: { ...SALESFORCE, security_token: ' ' }, field: 'security_token' },
    { app: 'salesforce', body: { token: 't' }, field: 'client_key' },
    { app: 'pipedrive', body: { token: 't' }, field: 'domain' },
    { app: 'pipedrive', body: { domain: 'empresa' }, field: 'token' },
    { app: 'pipedrive', body: { token: 't', domain: 'evil.example.com' }, field: 'domain' },
    { app: 'vortico', body: { token: 't' }, field: 'end_attendance_flow' },
    {
      app: 'vortico',
      body: { token: 't', end_attendance_flow: '0123456789abcdef01234567' },
      field: 'end_attendance_flow',
    },
    { app: 'rdstation', body: { alias: '   ' }, field: 'alias' },
    { app: 'agendor', body: {}, field: 'token' },
    { app: 'nectar', body: { token: '' }, field: 'token' },
    {
      app: 'shopify',
      body: { token: 't', shop: 'minha_loja.myshopify.com', webhook_secret: 's' },
      field: 'shop',
    },
    { app: 'shopify', body: { token: 't', shop: 'minha-loja.myshopify.com' }, field: 'webhook_secret' },
    {
      app: 'shopify',
      body: {
        token: 't',
        shop: 'minha-loja.myshopify.com',
        webhook_secret: 's',
        shopify_actions: [
          {
            event: 'order_paid',
            action: 'send_template_message',
            integration: '0123456789abcdef01234567',
            template: 'pedido',
          },
        ],
      },
      field: 'shopify_actions.0.integration',
    },
  ])('refuses $app without a valid $field (400 naming it), writing nothing', async ({ app, body, field }) => {
    const answer = await install(a, app, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field });
    expect((await list(a)).find((entry) => entry.name === app)?.installation).toBeNull();
    expect(published).not.toHaveBeenCalled();
  });

  it('names the shop rule in pt-BR when the shop name has other characters', async () => {
    const answer = await install(a, 'shopify', {
      token: 't',
      shop: 'loja!.myshopify.com',
      webhook_secret: 's',
    });
    expect(answer.body).toMatchObject({ field: 'shop', message: ptBR.apps.invalidShop });
  });

  it('installs rdstation with its alias as a setting and its optional API token sealed, the form listing both', async () => {
    const rd = (await list(a)).find((app) => app.name === 'rdstation');
    expect(rd?.fields).toEqual([
      { name: 'alias', required: true, secret: false },
      { name: 'token', required: false, secret: true },
    ]);
    const answer = await install(a, 'rdstation', { alias: ' Vendas ', token: 'rd-crm-secret-token' });
    expect(answer.status).toBe(201);
    const view = answer.body as AppView;
    expect(view.installation).toMatchObject({ settings: { alias: 'Vendas' }, credentials_set: ['token'] });
    expect(JSON.stringify(await list(a))).not.toContain('rd-crm-secret-token');
    const { Item } = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: appKeys.item(a.companyId, 'rdstation') }),
    );
    expect(JSON.stringify(Item)).not.toContain('rd-crm-secret-token');
  });

  it('installs salesforce with its secrets sealed, never answered, and tells every open browser', async () => {
    const answer = await install(a, 'salesforce', SALESFORCE);
    expect(answer.status).toBe(201);
    const view = answer.body as AppView;
    expect(view.installation).toMatchObject({
      settings: { login_user: 'vendas@empresa.com' },
      credentials_set: ['token', 'client_key', 'login_password', 'security_token'],
    });
    const secrets = [
      SALESFORCE.token,
      SALESFORCE.client_key,
      SALESFORCE.login_password,
      SALESFORCE.security_token,
    ];
    const listed = JSON.stringify(await list(a));
    for (const secret of secrets) {
      expect(JSON.stringify(view)).not.toContain(secret);
      expect(listed).not.toContain(secret);
    }
    const { Item } = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: appKeys.item(a.companyId, 'salesforce') }),
    );
    for (const secret of secrets) expect(JSON.stringify(Item)).not.toContain(secret);
    expect(Item?.credentials).toMatchObject({ v: 1 });
    const company = await clients().document.send(
      new GetCommand({ TableName: config().mainTable, Key: keys.company(a.companyId) }),
    );
    expect(company.Item?.apps).toMatchObject({
      salesforce: { _id: view.installation?._id, label: 'Salesforce' },
    });
    expect(JSON.stringify(company.Item?.apps)).not.toContain(SALESFORCE.token);
    expect(refreshEvents()).toEqual([
      {
        companyId: a.companyId,
        room: expect.stringContaining(a.companyId),
        event: 'refresh-session',
        data: { event: 'install-app' },
      },
    ]);
    expect((await install(a, 'salesforce', SALESFORCE)).status).toBe(409);
  });

  it('installs pipedrive and a shop, then uninstalls pipedrive with uninstall-app, leaving other apps', async () => {
    const pipedrive = await install(a, 'pipedrive', { token: 'pd-token', domain: 'minhaempresa' });
    expect(pipedrive.status).toBe(201);
    const shop = await install(a, 'shopify', {
      token: 'shp-token',
      shop: 'minha-loja.myshopify.com',
      webhook_secret: 'shp-secret',
    });
    expect(shop.status).toBe(201);
    expect((shop.body as AppView).installation?.webhook_url).toMatch(
      /\/api\/apps\/shopify\/[0-9a-f]{24}\/webhooks$/,
    );
    published.mockClear();
    const removed = await callRoute(handler, uninstallApp, {
      token: a.admin.token,
      params: { name: 'pipedrive' },
    });
    expect(removed.body).toEqual({ uninstalled: 'pipedrive' });
    expect(refreshEvents().map((frame) => frame.data)).toEqual([{ event: 'uninstall-app' }]);
    const apps = await list(a);
    expect(apps.find((app) => app.name === 'pipedrive')?.installation).toBeNull();
    expect(apps.find((app) => app.name === 'shopify')?.installation).not.toBeNull();
    const again = await callRoute(handler, uninstallApp, {
      token: a.admin.token,
      params: { name: 'pipedrive' },
    });
    expect(again.status).toBe(404);
  });

  it('refuses operators, managers without manage_integration, and plans outside allowedPlans', async () => {
    expect((await callRoute(handler, listApps, { token: a.operator.token })).status).toBe(403);
    expect((await install(a, 'agendor', { token: 't' }, a.operator.token)).status).toBe(403);
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(a.companyId, { rollouts: [ROLLOUTS.manager] });
    expect((await install(a, 'agendor', { token: 't' }, a.manager.token)).status).toBe(403);
    await setCompany(a.companyId, { permissions: { manage_integration: true } });
    expect((await install(a, 'agendor', { token: 't' }, a.manager.token)).status).toBe(201);
    await setCompany(a.companyId, { rollouts: [] });
    await setCompany(b.companyId, { account_type: 'basic' });
    const basic = await install(b, 'nectar', { token: 't' });
    expect(basic).toMatchObject({ status: 403, body: { message: ptBR.apps.planNotAllowed } });
    expect((await list(b)).every((app) => !app.allowed)).toBe(true);
    await setCompany(b.companyId, { account_type: 'professional' });
  });

  it("keeps companies apart: b sees none of a's apps and cannot uninstall them", async () => {
    await install(a, 'nectar', { token: 'nectar-a' });
    expect((await list(b)).find((app) => app.name === 'nectar')?.installation).toBeNull();
    const foreign = await callRoute(handler, uninstallApp, {
      token: b.admin.token,
      params: { name: 'nectar' },
    });
    expect(foreign.status).toBe(404);
    expect((await list(a)).find((app) => app.name === 'nectar')?.installation).not.toBeNull();
    const items = await clients().document.send(
      new QueryCommand({
        TableName: config().mainTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': appKeys.list(b.companyId) },
      }),
    );
    expect(items.Items ?? []).toEqual([]);
  });
});
