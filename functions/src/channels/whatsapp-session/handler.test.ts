import { deleteChannelIntegration } from '@atende/shared/contracts/integrations/delete-channel-integration';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import { removeWhatsappIntegration } from '@atende/shared/contracts/integrations/remove-whatsapp-integration';
import { updateChannelIntegration } from '@atende/shared/contracts/integrations/update-channel-integration';
import type { ConversationRecord } from '../../conversations/records.ts';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import {
  connectWhatsappSession,
  getWhatsappSession,
  logoutWhatsappSession,
} from '@atende/shared/contracts/integrations/whatsapp-session';
import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../auth/test-gateway.ts';
import { readCompanyItem } from '../../company/store.ts';
import { createTenant, type Tenant } from '../../company/test-tenant.ts';
import { findIntegration } from '../../conversations/integrations.ts';
import { handler as integrations } from '../../integrations/handler.ts';
import { senderFor } from '../../outbound/senders.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import { ChannelSendError } from '../adapter.ts';
import { sessionSender } from './sender.ts';
import { applySessionChange } from './state.ts';
import { getSessionIntegration } from './store.ts';
import { createUnofficial, forgetQueued, queuedCommands, useSessionEnvironment } from './test-session.ts';

vi.mock('../../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  useSessionEnvironment();
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

const call = (contract: Parameters<typeof callRoute>[1], token: string, id: string) =>
  callRoute(integrations, contract, { token, params: { id } });

describe('unofficial WhatsApp integrations API', () => {
  it('creates an idle integration with its whatsapps entry and lists it', async () => {
    const view = await createUnofficial(a.admin.token, 'Loja');
    expect(view).toMatchObject({ type: 'unofficial', label: 'Loja', connection: false, phone: '' });
    expect(view.session).toEqual({ state: 'idle' });
    const company = await readCompanyItem(a.companyId);
    expect((company.whatsapps as Record<string, unknown>)[`integration-${view._id}`]).toMatchObject({
      label: 'Loja',
      connection: false,
      session: 'idle',
      access_token: expect.stringMatching(/^••••/),
    });
    const list = await callRoute(integrations, listChannelIntegrations, { token: a.admin.token });
    expect((list.body as { items: IntegrationView[] }).items.map((item) => item._id)).toContain(view._id);
  });

  it('connect queues a connect command and answers connecting; session and logout read the state', async () => {
    const view = await createUnofficial(a.admin.token, 'Vendas');
    forgetQueued();
    const connected = await call(connectWhatsappSession, a.admin.token, view._id);
    expect(connected).toMatchObject({ status: 202, body: { state: 'connecting' } });
    expect(queuedCommands()).toEqual([{ kind: 'connect', companyId: a.companyId, integrationId: view._id }]);
    expect(await getSessionIntegration(a.companyId, view._id)).toMatchObject({ active: true });

    await applySessionChange(a.companyId, view._id, { state: 'qr', qr: 'QR-TEXT' });
    expect((await call(getWhatsappSession, a.admin.token, view._id)).body).toMatchObject({
      state: 'qr',
      qr: 'QR-TEXT',
    });
    const listed = await callRoute(integrations, listChannelIntegrations, { token: a.admin.token });
    expect(JSON.stringify(listed.body)).not.toContain('QR-TEXT');

    forgetQueued();
    expect((await call(logoutWhatsappSession, a.admin.token, view._id)).status).toBe(202);
    expect(queuedCommands()).toEqual([{ kind: 'logout', companyId: a.companyId, integrationId: view._id }]);
  });

  it("keeps another company's session out of reach (404) and operators out (403)", async () => {
    const view = await createUnofficial(a.admin.token, 'Privada');
    await applySessionChange(a.companyId, view._id, { state: 'qr', qr: 'SECRET-QR' });
    forgetQueued();
    for (const contract of [connectWhatsappSession, getWhatsappSession, logoutWhatsappSession]) {
      const response = await call(contract, b.admin.token, view._id);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('SECRET-QR');
    }
    expect((await call(getWhatsappSession, a.operator.token, view._id)).status).toBe(403);
    expect(queuedCommands()).toEqual([]);
    const renamed = await callRoute(integrations, updateChannelIntegration, {
      token: b.admin.token,
      params: { id: view._id },
      body: { label: 'Roubada' },
    });
    expect(renamed.status).toBe(404);
    const removed = await callRoute(integrations, removeWhatsappIntegration, {
      token: b.admin.token,
      params: { companyId: b.companyId },
      body: { integration: view._id },
    });
    expect(removed.status).toBe(404);
    const foreignPath = await callRoute(integrations, removeWhatsappIntegration, {
      token: b.admin.token,
      params: { companyId: a.companyId },
      body: { integration: view._id },
    });
    expect(foreignPath.status).toBe(403);
    expect(await getSessionIntegration(a.companyId, view._id)).toMatchObject({ label: 'Privada' });
  });

  it('renames the label only; a credential field is refused naming it', async () => {
    const view = await createUnofficial(a.admin.token, 'Antigo');
    const renamed = await callRoute(integrations, updateChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
      body: { label: 'Novo' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { type: 'unofficial', label: 'Novo' } });
    const refused = await callRoute(integrations, updateChannelIntegration, {
      token: a.admin.token,
      params: { id: view._id },
      body: { api_key: 'x' },
    });
    expect(refused).toMatchObject({ status: 400, body: { field: 'api_key' } });
  });

  it('whatsapp-integration/remove logs the session out before removing it', async () => {
    const view = await createUnofficial(a.admin.token, 'Saindo');
    forgetQueued();
    const removed = await callRoute(integrations, removeWhatsappIntegration, {
      token: a.admin.token,
      params: { companyId: a.companyId },
      body: { integration: `integration-${view._id}` },
    });
    expect(removed).toMatchObject({
      status: 200,
      body: { message: 'Integração com WhatsApp acaba de ser desligada.' },
    });
    expect(queuedCommands()).toEqual([{ kind: 'logout', companyId: a.companyId, integrationId: view._id }]);
    expect(await getSessionIntegration(a.companyId, view._id)).toBeUndefined();
    const company = await readCompanyItem(a.companyId);
    expect(Object.keys(company.whatsapps as Record<string, unknown>)).not.toContain(
      `integration-${view._id}`,
    );
  });

  it('DELETE removes a session integration too, after a logout command', async () => {
    const view = await createUnofficial(a.admin.token, 'Apagar');
    forgetQueued();
    expect((await call(deleteChannelIntegration, a.admin.token, view._id)).status).toBe(204);
    expect(queuedCommands()).toEqual([{ kind: 'logout', companyId: a.companyId, integrationId: view._id }]);
    expect(await getSessionIntegration(a.companyId, view._id)).toBeUndefined();
  });
});

describe('unofficial WhatsApp sender', () => {
  const message = { content: 'Oi', template: false } as MessageView;

  /** The integration as the conversation engine reads it from the company's whatsapps entry. */
  async function integrationInfo(id: string) {
    const info = findIntegration(await readCompanyItem(a.companyId), 'whatsapp', id);
    if (!info) throw new Error('whatsapps entry missing');
    return info;
  }

  it('is the registered sender of the whatsapp channel', () => {
    expect(senderFor('whatsapp')).toBe(sessionSender);
  });

  it("refuses with the spec's warning while the session is not connected, queuing nothing", async () => {
    const view = await createUnofficial(a.admin.token, 'Comercial');
    const integration = await integrationInfo(view._id);
    expect(integration).toMatchObject({ connection: false, label: 'Comercial' });
    const conversation = { company: a.companyId, external_id: '5585988880000' } as ConversationRecord;
    forgetQueued();
    const refusal = sessionSender(message, conversation, integration);
    await expect(refusal).rejects.toBeInstanceOf(ChannelSendError);
    await expect(refusal).rejects.toThrow(
      'Whatsapp: Não é possível enviar mensagens, pois a Comercial está desconectada',
    );
    expect(queuedCommands()).toEqual([]);
  });

  it('queues a send command with a WhatsApp-style id once connected', async () => {
    const view = await createUnofficial(a.admin.token, 'Conectada');
    await applySessionChange(a.companyId, view._id, { state: 'open', phone: '558530001111' });
    const integration = await integrationInfo(view._id);
    expect(integration.connection).toBe(true);
    const conversation = { company: a.companyId, external_id: '+55 85 98888-0000' } as ConversationRecord;
    forgetQueued();
    const sent = await sessionSender(message, conversation, integration);
    const providerMessageId = 'providerMessageId' in sent ? sent.providerMessageId : '';
    expect(providerMessageId).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(queuedCommands()).toEqual([
      {
        kind: 'send',
        companyId: a.companyId,
        integrationId: view._id,
        messageId: providerMessageId,
        to: '5585988880000',
        text: 'Oi',
      },
    ]);
  });
});
