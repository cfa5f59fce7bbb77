import { randomBytes } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  cancelCampaign,
  createCampaign,
  estimateCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  resumeCampaign,
  startCampaign,
} from '@atende/shared/contracts/campaigns/campaign-routes';
import { exportRecipients, listRecipients } from '@atende/shared/contracts/campaigns/recipient-routes';
import type { CampaignView, EstimateView, RecipientView } from '@atende/shared/contracts/campaigns/views';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import type { TagView } from '@atende/shared/contracts/tags/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import Papa from 'papaparse';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { ENV } from '@atende/shared/infra/env';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { customerEntity } from '../contacts/entities.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { putTemplates } from '../templates/store.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { claimRecipient } from './claims.ts';
import { handler } from './handler.ts';
import { campaignKeys } from './keys.ts';
import { handleCampaignStatus, noteCampaignReply } from './inbound.ts';
import { startDueCampaigns } from './schedule.ts';
import { fakeCloudApi, fakeDispatchQueue } from './test-dispatch.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let a: Tenant;
let b: Tenant;
let official: ProviderIntegrationView;
let queue: ReturnType<typeof fakeDispatchQueue>;
let cloud: ReturnType<typeof fakeCloudApi>;
const t = ptBR.campaigns;

async function contact(tenant: Tenant, body: Record<string, unknown>): Promise<ContactView> {
  const response = await callRoute(contactsHandler, createContact, { token: tenant.admin.token, body });
  if (response.status !== 201) throw new Error(`contact: ${JSON.stringify(response.body)}`);
  return response.body as ContactView;
}

async function tag(tenant: Tenant, name: string): Promise<string> {
  const response = await callRoute(tagsHandler, createTag, {
    token: tenant.admin.token,
    body: { name, color: '#123456' },
  });
  return (response.body as TagView)._id;
}

let phone = 30_000_000;
const nextPhone = () => `+55859${(phone += 1)}`;

/** A tag with `count` reachable contacts (named Cliente 1..n). */
async function audience(count: number): Promise<{ tagId: string; contacts: ContactView[] }> {
  const tagId = await tag(a, `Lote ${newObjectId()}`);
  const contacts: ContactView[] = [];
  for (let index = 1; index <= count; index += 1) {
    contacts.push(await contact(a, { full_name: `Cliente ${index}`, cel_phone: nextPhone(), tags: [tagId] }));
  }
  return { tagId, contacts };
}

const body = (tagId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Black Friday',
  integration: official._id,
  template: 'promo',
  variables: {
    '1': { source: 'field', value: 'customer_first_name' },
    '2': { source: 'text', value: '20%' },
  },
  audience: { tags: [tagId] },
  ...extra,
});

async function create(extra: Record<string, unknown> & { tagId: string }): Promise<string> {
  const { tagId, ...rest } = extra;
  const response = await callRoute(handler, createCampaign, {
    token: a.admin.token,
    body: body(tagId, rest),
  });
  if (response.status !== 201) throw new Error(`create: ${JSON.stringify(response.body)}`);
  return (response.body as { _id: string })._id;
}

const view = async (id: string, token = a.admin.token) =>
  (await callRoute(handler, getCampaign, { token, params: { id } })).body as CampaignView;

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

const setProfile = (companyId: string, id: string, values: Record<string, unknown>) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: customerEntity.key(companyId, id),
      UpdateExpression: `SET ${Object.keys(values)
        .map((key) => `#${key} = :${key}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((key) => [`#${key}`, key])),
      ExpressionAttributeValues: Object.fromEntries(
        Object.entries(values).map(([key, value]) => [`:${key}`, value]),
      ),
    }),
  );

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  process.env[ENV.encryptionKey] = randomBytes(32).toString('base64');
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  official = (
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
  const template = (name: string, status: 'APPROVED' | 'PENDING') => ({
    _id: newObjectId(),
    integration: official._id,
    name,
    language: 'pt_BR',
    status,
    body: 'Olá {{1}}, hoje tem {{2}} de desconto!',
    source: 'manual' as const,
    updated_at: new Date().toISOString(),
  });
  await putTemplates(a.companyId, [template('promo', 'APPROVED'), template('rascunho', 'PENDING')]);
  await setCompany(a.companyId, { company_settings: { whatsapp: { whatsapp_official_allow_active: true } } });
});

beforeEach(() => {
  queue = fakeDispatchQueue();
  cloud = fakeCloudApi();
  setProviderFetch(cloud.impl);
});
afterEach(() => setProviderFetch());

describe('campaign audience', () => {
  it('estimates the audience with the excluded counted by reason', async () => {
    const { tagId, contacts } = await audience(2);
    const blocked = await contact(a, { full_name: 'Bloqueado', cel_phone: nextPhone(), tags: [tagId] });
    await setProfile(a.companyId, blocked._id, { blacklisted: true });
    await contact(a, { full_name: 'Sem telefone', email: `x${newObjectId()}@x.com`, tags: [tagId] });
    await contact(a, {
      full_name: 'Sem opt-in',
      cel_phone: nextPhone(),
      tags: [tagId],
      data_protection: { legal_basis: 'consent', channels: [] },
    });
    const estimate = await callRoute(handler, estimateCampaign, {
      token: a.admin.token,
      body: { integration: official._id, audience: { tags: [tagId] } },
    });
    expect(estimate.body).toMatchObject({
      total: 5,
      eligible: 2,
      excluded: 3,
      excluded_by: { blacklist: 1, invalid_phone: 1, no_opt_in: 1 },
    } satisfies Partial<EstimateView>);
    expect(contacts).toHaveLength(2);
  });

  it('excludes disengaged contacts only while "block disengaged contacts" is on', async () => {
    const { tagId, contacts } = await audience(2);
    const old = new Date(Date.now() - 90 * 86_400_000).toISOString();
    await setProfile(a.companyId, (contacts[0] as ContactView)._id, { created_at: old });
    const estimate = async () =>
      (
        await callRoute(handler, estimateCampaign, {
          token: a.admin.token,
          body: { integration: official._id, audience: { tags: [tagId] } },
        })
      ).body as EstimateView;
    expect((await estimate()).excluded).toBe(0);
    await setCompany(a.companyId, {
      company_settings: {
        whatsapp: { whatsapp_official_allow_active: true },
        blockDisengagedContacts: { enabled: true, afterDays: 30 },
      },
    });
    try {
      expect((await estimate()).excluded_by).toEqual({ disengaged: 1 });
    } finally {
      await setCompany(a.companyId, {
        company_settings: { whatsapp: { whatsapp_official_allow_active: true } },
      });
    }
  });
});

describe('campaign dispatch', () => {
  it('sends the approved template once per eligible contact with its variables, and finishes', async () => {
    const { tagId } = await audience(3);
    const id = await create({ tagId });
    expect((await view(id)).status).toBe(0);
    const started = await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    expect((started.body as CampaignView).status).toBe(2);
    await queue.drain();
    expect(cloud.sent.map((send) => send.params)).toEqual(expect.arrayContaining([['Cliente', '20%']]));
    expect(cloud.sent).toHaveLength(3);
    expect(new Set(cloud.sent.map((send) => send.to)).size).toBe(3);
    const done = await view(id);
    expect(done).toMatchObject({ status: 3, total: 3, excluded: 0, sent: 3, attempted: 3, failed: 0 });
    expect((await recipients(id)).map((recipient) => recipient.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a redelivered send message sends nothing twice', async () => {
    const { tagId } = await audience(2);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    const prepare = queue.pending.shift() as string;
    expect(await queue.deliver(prepare)).toBe(true);
    expect(await queue.deliver(prepare)).toBe(true);
    const sends = [...queue.pending];
    queue.pending.length = 0;
    for (const send of [...sends, ...sends]) expect(await queue.deliver(send)).toBe(true);
    expect(cloud.sent).toHaveLength(2);
    expect(await view(id)).toMatchObject({ status: 3, sent: 2, attempted: 2 });
  });

  it('a crash between claim and send never sends that recipient: it stays claimed, counted as attempted', async () => {
    const { tagId, contacts } = await audience(2);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    const crashed = contacts[0] as ContactView;
    // The worker claimed this recipient and died before calling the provider.
    expect(
      await claimRecipient(
        a.companyId,
        id,
        official._id,
        crashed._id,
        crashed.cel_phone?.slice(1) ?? '',
        new Date(),
      ),
    ).toBe(true);
    await queue.drain();
    expect(cloud.sent.map((send) => send.to)).toEqual([(contacts[1] as ContactView).cel_phone?.slice(1)]);
    const after = await view(id);
    expect(after).toMatchObject({ status: 6, sent: 1, attempted: 2 });
    const states = Object.fromEntries(
      (await recipients(id)).map((recipient) => [recipient.contact, recipient.status]),
    );
    expect(states[crashed._id]).toBe('claimed');
  });

  it('a send whose answer a crash lost is settled as sent by the status webhook naming its number, never resent', async () => {
    const { tagId, contacts } = await audience(2);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    const crashed = contacts[0] as ContactView;
    const digits = crashed.cel_phone?.slice(1) ?? '';
    // The worker claimed this recipient, the provider accepted the send, and the worker died before recording it.
    expect(await claimRecipient(a.companyId, id, official._id, crashed._id, digits, new Date())).toBe(true);
    await queue.drain();
    expect(cloud.sent.map((send) => send.to)).toEqual([(contacts[1] as ContactView).cel_phone?.slice(1)]);
    expect(await view(id)).toMatchObject({ status: 6, sent: 1, attempted: 2 });
    const status = (value: 'delivered' | 'read') =>
      handleCampaignStatus({
        kind: 'status',
        companyId: a.companyId,
        integrationId: official._id,
        channel: 'official',
        providerMessageId: 'wamid.lost-in-the-crash',
        status: value,
        at: new Date().toISOString(),
        recipient: digits,
      });
    expect(await status('delivered')).toBe(true);
    expect(await status('read')).toBe(true);
    expect(await view(id)).toMatchObject({ status: 3, sent: 2, delivered: 1, read: 1, failed: 0 });
    const settled = (await recipients(id)).find((recipient) => recipient.contact === crashed._id);
    expect(settled).toMatchObject({ status: 'read', provider_message_id: 'wamid.lost-in-the-crash' });
    await queue.drain();
    expect(cloud.sent).toHaveLength(1);
  });

  it('130429 releases the claim, backs the number off and sends it on a later delivery', async () => {
    const { tagId } = await audience(3);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    cloud.failNext(130429, 429);
    const send = queue.pending.shift() as string;
    expect(await queue.deliver(send)).toBe(false);
    const paced = await view(id);
    expect(paced.attempted).toBe(cloud.sent.length);
    expect(paced.attempted).toBeLessThan(3);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
    try {
      expect(await queue.deliver(send)).toBe(true);
    } finally {
      vi.useRealTimers();
      await clients().document.send(
        new DeleteCommand({
          TableName: config().mainTable,
          Key: campaignKeys.bucket(a.companyId, official._id),
        }),
      );
    }
    expect(cloud.sent).toHaveLength(3);
    expect(new Set(cloud.sent.map((sent) => sent.to)).size).toBe(3);
    expect(await view(id)).toMatchObject({ status: 3, sent: 3, attempted: 3, failed: 0 });
  });

  it('131049 defers the contact and other errors fail it with the provider code, never resent', async () => {
    const { tagId } = await audience(3);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    cloud.failNext(131049);
    cloud.failNext(131026);
    await queue.drain();
    expect(cloud.sent).toHaveLength(1);
    expect(await view(id)).toMatchObject({
      status: 3,
      sent: 1,
      deferred: 1,
      failed: 1,
      failures_by_code: { '131026': 1 },
    });
    const codes = (await recipients(id)).map((recipient) => [recipient.status, recipient.error_code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['deferred', '131049'],
        ['failed', '131026'],
      ]),
    );
  });

  it('status webhooks and replies move counts forward only', async () => {
    const { tagId, contacts } = await audience(1);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    await queue.drain();
    const wamid = (await recipients(id))[0]?.provider_message_id as string;
    const status = (value: 'delivered' | 'read') =>
      handleCampaignStatus({
        kind: 'status',
        companyId: a.companyId,
        integrationId: official._id,
        channel: 'official',
        providerMessageId: wamid,
        status: value,
        at: new Date().toISOString(),
      });
    expect(await status('read')).toBe(true);
    expect(await status('delivered')).toBe(true);
    expect(await status('read')).toBe(true);
    expect(await view(id)).toMatchObject({ sent: 1, delivered: 1, read: 1 });
    const reply = {
      kind: 'message' as const,
      companyId: a.companyId,
      integrationId: official._id,
      channel: 'official' as const,
      providerMessageId: `in-${newObjectId()}`,
      from: { externalId: (contacts[0] as ContactView).cel_phone?.slice(1) ?? '' },
      text: 'Quero!',
      sentAt: new Date().toISOString(),
    };
    await noteCampaignReply(reply);
    await noteCampaignReply(reply);
    expect(await view(id)).toMatchObject({ delivered: 1, read: 1, replied: 1 });
    const other = await handleCampaignStatus({
      kind: 'status',
      companyId: a.companyId,
      integrationId: official._id,
      channel: 'official',
      providerMessageId: 'wamid.not-a-campaign',
      status: 'read',
      at: new Date().toISOString(),
    });
    expect(other).toBe(false);
    const csv = (await callRoute(handler, exportRecipients, { token: a.admin.token, params: { id } }))
      .body as { csv: string };
    expect(csv.csv.split('\n')[1]).toContain(',replied,');
  });

  it("the campaign's counts and its recipients CSV export give the same numbers", async () => {
    const { tagId } = await audience(5);
    const blocked = await contact(a, { full_name: 'Bloqueado', cel_phone: nextPhone(), tags: [tagId] });
    await setProfile(a.companyId, blocked._id, { blacklisted: true });
    await contact(a, { full_name: 'Sem telefone', email: `x${newObjectId()}@x.com`, tags: [tagId] });
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    cloud.failNext(131026);
    cloud.failNext(131049);
    await queue.drain();
    const sent = (await recipients(id)).filter((recipient) => recipient.status === 'sent');
    expect(sent).toHaveLength(3);
    const [delivered, read, replied] = sent as [RecipientView, RecipientView, RecipientView];
    const status = (recipient: RecipientView, value: 'delivered' | 'read') =>
      handleCampaignStatus({
        kind: 'status',
        companyId: a.companyId,
        integrationId: official._id,
        channel: 'official',
        providerMessageId: recipient.provider_message_id as string,
        status: value,
        at: new Date().toISOString(),
      });
    await status(delivered, 'delivered');
    await status(read, 'read');
    await noteCampaignReply({
      kind: 'message',
      companyId: a.companyId,
      integrationId: official._id,
      channel: 'official',
      providerMessageId: `in-${newObjectId()}`,
      from: { externalId: replied.phone ?? '' },
      text: 'Quero!',
      sentAt: new Date().toISOString(),
    });

    const counts = await view(id);
    const exported = (await callRoute(handler, exportRecipients, { token: a.admin.token, params: { id } }))
      .body as { csv: string };
    const rows = Papa.parse<Record<string, string>>(exported.csv, {
      header: true,
      skipEmptyLines: true,
    }).data;
    const inStatus = (...statuses: string[]) =>
      rows.filter((row) => statuses.includes(row.status ?? '')).length;
    const fromCsv = {
      total: rows.length,
      excluded: inStatus('excluded'),
      // A count holds everyone who got at least that far: a read message was delivered, a replied one read.
      sent: inStatus('sent', 'delivered', 'read', 'replied'),
      delivered: inStatus('delivered', 'read', 'replied'),
      read: inStatus('read', 'replied'),
      replied: inStatus('replied'),
      failed: inStatus('failed'),
    };
    expect(fromCsv).toEqual({ total: 7, excluded: 2, sent: 3, delivered: 3, read: 2, replied: 1, failed: 1 });
    expect({
      total: counts.total,
      excluded: counts.excluded,
      sent: counts.sent,
      delivered: counts.delivered,
      read: counts.read,
      replied: counts.replied,
      failed: counts.failed,
    }).toEqual(fromCsv);
  });
});

describe('unofficial (QR) campaigns', () => {
  it('send the text with its variables through the session worker, one by one at the chosen pace', async () => {
    const session = (
      await callRoute(integrations, createChannelIntegration, {
        token: a.admin.token,
        body: { type: 'unofficial', label: 'Celular da loja' },
      })
    ).body as { _id: string };
    const { tagId, contacts } = await audience(2);
    const created = await callRoute(handler, createCampaign, {
      token: a.admin.token,
      body: {
        name: 'Aviso',
        integration: session._id,
        message: 'Oi {{customer_first_name}}, chegou!',
        audience: { tags: [tagId] },
        delay: { min: 1, max: 1 },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { _id: string })._id;
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    const began = Date.now();
    await queue.drain();
    expect(Date.now() - began).toBeGreaterThanOrEqual(2000);
    expect(cloud.sent).toHaveLength(0);
    const sends = queue.sessionSends();
    expect(sends.map((send) => send.to).sort()).toEqual(
      contacts.map((item) => item.cel_phone?.slice(1)).sort(),
    );
    expect(sends.map((send) => send.text)).toEqual(['Oi Cliente, chegou!', 'Oi Cliente, chegou!']);
    expect(await view(id)).toMatchObject({ status: 3, sent: 2, channel: 'whatsapp' });
  });
});

describe('campaign lifecycle', () => {
  it('cancels 10 minutes ahead; 1 minute ahead answers 409 with the reason', async () => {
    const { tagId } = await audience(1);
    const later = await create({ tagId, scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect((await view(later)).status).toBe(1);
    const cancelled = await callRoute(handler, cancelCampaign, {
      token: a.admin.token,
      params: { id: later },
    });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as CampaignView).status).toBe(4);
    const soon = await create({ tagId, scheduled_at: new Date(Date.now() + 60_000).toISOString() });
    const refused = await callRoute(handler, cancelCampaign, { token: a.admin.token, params: { id: soon } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: t.cancelTooLate });
    expect((await view(soon)).status).toBe(1);
    // The schedule starts it when its time comes (and only once), never the cancelled one.
    const runs = await Promise.all([
      startDueCampaigns(new Date(Date.now() + 11 * 60_000)),
      startDueCampaigns(new Date(Date.now() + 11 * 60_000)),
    ]);
    expect(runs.reduce((sum, run) => sum + run.started, 0)).toBe(1);
    expect((await view(soon)).status).toBe(2);
    expect((await view(later)).status).toBe(4);
    const running = await callRoute(handler, cancelCampaign, { token: a.admin.token, params: { id: soon } });
    expect(running.status).toBe(409);
  });

  it('refuses a scheduled time in the past and an unapproved template, naming the field', async () => {
    const { tagId } = await audience(1);
    const past = await callRoute(handler, createCampaign, {
      token: a.admin.token,
      body: body(tagId, { scheduled_at: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ field: 'scheduled_at' });
    const pending = await callRoute(handler, createCampaign, {
      token: a.admin.token,
      body: body(tagId, { template: 'rascunho' }),
    });
    expect(pending.status).toBe(400);
    expect(pending.body).toMatchObject({
      field: 'template',
      message: expect.stringContaining(t.templateNotApproved),
    });
    const noAudience = await callRoute(handler, createCampaign, {
      token: a.admin.token,
      body: { ...body(tagId), audience: {} },
    });
    expect(noAudience.status).toBe(400);
  });

  it('pause holds the sends; resume sends what was left', async () => {
    const { tagId } = await audience(3);
    const id = await create({ tagId });
    await callRoute(handler, startCampaign, { token: a.admin.token, params: { id } });
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    const paused = await callRoute(handler, pauseCampaign, { token: a.admin.token, params: { id } });
    expect((paused.body as CampaignView).paused).toBe(true);
    expect((await callRoute(handler, pauseCampaign, { token: a.admin.token, params: { id } })).status).toBe(
      409,
    );
    await queue.drain();
    expect(cloud.sent).toHaveLength(0);
    const resumed = await callRoute(handler, resumeCampaign, { token: a.admin.token, params: { id } });
    expect((resumed.body as CampaignView).paused).toBe(false);
    await queue.drain();
    expect(cloud.sent).toHaveLength(3);
    expect(await view(id)).toMatchObject({ status: 3, sent: 3 });
  });

  it("another company's admin sees nothing; managers and operators are refused", async () => {
    const { tagId } = await audience(1);
    const id = await create({ tagId });
    for (const route of [getCampaign, startCampaign, pauseCampaign, cancelCampaign]) {
      const response = await callRoute(handler, route, { token: b.admin.token, params: { id } });
      expect(response.status).toBe(404);
    }
    const listed = await callRoute(handler, listCampaigns, { token: b.admin.token, query: {} });
    expect((listed.body as { campaigns: CampaignView[] }).campaigns).toEqual([]);
    const foreign = await callRoute(handler, listRecipients, {
      token: b.admin.token,
      params: { id },
      query: {},
    });
    expect(foreign.status).toBe(404);
    const intoA = await callRoute(handler, createCampaign, { token: b.admin.token, body: body(tagId) });
    expect(intoA.status).toBe(400);
    expect(intoA.body).toMatchObject({ field: 'integration' });
    for (const token of [a.manager.token, a.operator.token]) {
      expect((await callRoute(handler, getCampaign, { token, params: { id } })).status).toBe(403);
    }
    expect((await view(id)).status).toBe(0);
  });
});
