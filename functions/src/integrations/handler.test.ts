import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import type { IntegrationView, WidgetIntegrationView } from '@atende/shared/contracts/integrations/views';
import { ENV } from '@atende/shared/infra/env';
import { offeredIntegrations } from '@atende/shared/domain/integrations';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { readCompanyItem } from '../company/store.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findIntegration } from './store.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.publicBaseUrl] = 'https://app.example.com/';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const create = (token: string, body: unknown) =>
  callRoute(handler, createChannelIntegration, { token, body });
const list = async (token: string) =>
  (await callRoute(handler, listChannelIntegrations, { token })).body as { items: IntegrationView[] };

describe('POST /api/integrations/channels (widget)', () => {
  it('creates a widget with its embed snippet, a company entry with an access token and a public pointer', async () => {
    const response = await create(a.admin.token, { type: 'widget', label: 'Site institucional' });
    expect(response.status).toBe(201);
    const view = response.body as WidgetIntegrationView;
    expect(view).toMatchObject({
      type: 'widget',
      label: 'Site institucional',
      connection: true,
      settings: { color: '#1677ff', greeting: '' },
      embed: { script_url: 'https://app.example.com/widget.js' },
    });
    expect(view.embed.snippet).toBe(
      `<script src="https://app.example.com/widget.js" data-widget="${view._id}"></script>`,
    );

    const company = await readCompanyItem(a.companyId);
    const widgets = company.widgets as Record<string, { label: string; access_token?: string }>;
    expect(widgets[`integration-${view._id}`]?.label).toBe('Site institucional');
    expect(offeredIntegrations(widgets).map(([key]) => key)).toContain(`integration-${view._id}`);
    expect((await findIntegration(view._id))?.company).toBe(a.companyId);
  });

  it('answers 400 naming the field for a missing label or an unknown type, and creates nothing', async () => {
    const before = (await list(a.admin.token)).items.length;
    const noLabel = await create(a.admin.token, { type: 'widget', label: '  ' });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body).toMatchObject({ field: expect.stringContaining('label') });
    expect((await create(a.admin.token, { type: 'fax', label: 'x' })).status).toBe(400);
    expect((await create(a.admin.token, { type: 'widget', label: 'x', color: 'red' })).status).toBe(400);
    expect((await list(a.admin.token)).items).toHaveLength(before);
  });

  it('lets a manager create only with manage_integration, and never an operator', async () => {
    // Spec point 5: the manager's company permission is checked under the manager rollout.
    await setCompany(a.companyId, {
      permissions: { manage_integration: false },
      rollouts: [ROLLOUTS.manager],
    });
    expect((await create(a.manager.token, { type: 'widget', label: 'Loja' })).status).toBe(403);
    expect((await create(a.operator.token, { type: 'widget', label: 'Loja' })).status).toBe(403);
    await setCompany(a.companyId, { permissions: { manage_integration: true } });
    expect((await create(a.manager.token, { type: 'widget', label: 'Loja' })).status).toBe(201);
    expect((await create(a.operator.token, { type: 'widget', label: 'Loja' })).status).toBe(403);
    await setCompany(a.companyId, { rollouts: [] });
  });

  it('refuses without a token', async () => {
    expect(
      (await callRoute(handler, createChannelIntegration, { body: { type: 'widget', label: 'x' } })).status,
    ).toBe(401);
  });
});

describe('GET and DELETE /api/integrations/channels', () => {
  it("lists only the caller company's integrations, without any secret", async () => {
    const own = (await create(b.admin.token, { type: 'widget', label: 'Empresa B' })).body as IntegrationView;
    const listed = await list(b.admin.token);
    expect(listed.items.map((item) => item._id)).toEqual([own._id]);
    expect(JSON.stringify(listed)).not.toContain('access_token');
    expect((await list(a.admin.token)).items.map((item) => item._id)).not.toContain(own._id);
    expect((await list(b.operator.token)).items).toHaveLength(1);
  });

  it("deletes an integration with its company entry and pointer; another company's id is a 404", async () => {
    const view = (await create(a.admin.token, { type: 'widget', label: 'Temporário' }))
      .body as IntegrationView;
    const foreign = await callRoute(handler, deleteChannelIntegration, {
      token: b.admin.token,
      params: { id: view._id },
    });
    expect(foreign.status).toBe(404);
    expect(await findIntegration(view._id)).toBeDefined();

    const removed = await callRoute(handler, deleteChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
    });
    expect(removed.status).toBe(204);
    expect(await findIntegration(view._id)).toBeUndefined();
    const company = await readCompanyItem(a.companyId);
    expect(Object.keys(company.widgets as object)).not.toContain(`integration-${view._id}`);
    expect((await list(a.admin.token)).items.map((item) => item._id)).not.toContain(view._id);

    const again = await callRoute(handler, deleteChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
    });
    expect(again.status).toBe(404);
    const unknown = await callRoute(handler, deleteChannelIntegration, {
      token: a.admin.token,
      params: { id: newObjectId() },
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses deletion by an operator', async () => {
    const view = (await create(a.admin.token, { type: 'widget', label: 'Fica' })).body as IntegrationView;
    const response = await callRoute(handler, deleteChannelIntegration, {
      token: a.operator.token,
      params: { id: view._id },
    });
    expect(response.status).toBe(403);
    expect(await findIntegration(view._id)).toBeDefined();
  });
});
