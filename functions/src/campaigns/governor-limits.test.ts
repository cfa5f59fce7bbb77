import { companyRoom } from '@atende/shared/realtime/rooms';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import type { FlowDetail } from '@atende/shared/contracts/flows/views';
import { getSender, putSender, type SenderView } from '@atende/shared/contracts/campaigns/sender-routes';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import type { InboundMessage } from '@atende/shared/channels/inbound';
import { newObjectId } from '@atende/shared/domain/object-id';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handleInboundMessage } from '../conversations/engine.ts';
import { getConversation } from '../conversations/store.ts';
import { getCustomer } from '../contacts/customer-record.ts';
import { handler as flowsHandler } from '../flows/handler.ts';
import { clients } from '../lib/clients.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { listTemplateRecords } from '../templates/store.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { claimRecipient } from './claims.ts';
import { OUTCOME_UNKNOWN } from './dispatch.ts';
import { CLAIM_LEASE_MS } from './finish.ts';
import { campaignEvents } from './event-mapper.ts';
import { handler } from './handler.ts';
import { handler as integrations } from '../integrations/handler.ts';
import { createChannelIntegration } from '@atende/shared/contracts/integrations/create-channel-integration';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { noteCampaignReply } from './inbound.ts';
import { campaignKeys } from './keys.ts';
import { handleBusinessAccountChanges } from './provider-webhook.ts';
import { startDueCampaigns } from './schedule.ts';
import { campaignWorld, LARGE_AUDIENCE_TIMEOUT } from './test-campaigns.ts';
import { fakeCloudApi, fakeDispatchQueue } from './test-dispatch.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let world: Awaited<ReturnType<typeof campaignWorld>>;
let queue: ReturnType<typeof fakeDispatchQueue>;
let cloud: ReturnType<typeof fakeCloudApi>;
const table = () => config().mainTable;
const digits = (contact: ContactView | undefined) => contact?.cel_phone?.slice(1) ?? '';

const setLimits = (messages_per_second: number, tier: string) =>
  callRoute(handler, putSender, {
    token: world.a.admin.token,
    params: { integration: world.official._id },
    body: { messages_per_second, tier },
  });

beforeAll(async () => {
  world = await campaignWorld();
});
beforeEach(() => {
  queue = fakeDispatchQueue();
  cloud = fakeCloudApi();
  setProviderFetch(cloud.impl);
});
afterEach(() => setProviderFetch());

describe('sender limits', () => {
  it('an admin reads the defaults and sets rate and tier; bad values name the field; others see nothing', async () => {
    const params = { integration: world.official._id };
    const read = await callRoute(handler, getSender, { token: world.a.admin.token, params });
    expect(read.body).toMatchObject({ messages_per_second: 80, tier: 'TIER_1K', quality: 'UNKNOWN' });
    const set = await setLimits(200, 'TIER_10K');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      messages_per_second: 200,
      tier: 'TIER_10K',
    } satisfies Partial<SenderView>);
    const tooFast = await setLimits(1001, 'TIER_10K');
    expect(tooFast.status).toBe(400);
    expect(JSON.stringify(tooFast.body)).toContain('messages_per_second');
    const foreign = await callRoute(handler, getSender, { token: world.b.admin.token, params });
    expect(foreign.status).toBe(404);
    const foreignPut = await callRoute(handler, putSender, {
      token: world.b.admin.token,
      params,
      body: { messages_per_second: 1, tier: 'TIER_50' },
    });
    expect(foreignPut.status).toBe(404);
    expect((await callRoute(handler, getSender, { token: world.a.operator.token, params })).status).toBe(403);
    expect((await callRoute(handler, getSender, { token: world.a.admin.token, params })).body).toMatchObject({
      messages_per_second: 200,
    });
  });
});

describe('send governor', () => {
  it('moves through 2 running → 5 dispatch started → 3 sent, sending header and body parameters', async () => {
    const { tagId } = await world.audience(2);
    const id = await world.create(tagId);
    expect((await world.start(id)).body).toMatchObject({ status: 2 });
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    expect((await world.view(id)).status).toBe(5);
    await queue.drain();
    expect(await world.view(id)).toMatchObject({ status: 3, sent: 2 });
    expect(cloud.sent[0]).toMatchObject({ params: ['Cliente', '20%'], header: ['você'] });
  });

  it('131056 holds back only that recipient: the chunk goes on and it is sent once, later', async () => {
    const { tagId } = await world.audience(3);
    const id = await world.create(tagId);
    await world.start(id);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    cloud.failNext(131056);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    expect(cloud.sent).toHaveLength(2);
    expect(queue.pending).toHaveLength(1);
    expect(JSON.parse(queue.pending[0] as string).contacts).toHaveLength(1);
    await queue.drain();
    expect(cloud.sent).toHaveLength(3);
    expect(new Set(cloud.sent.map((send) => send.to)).size).toBe(3);
    expect(await world.view(id)).toMatchObject({ status: 3, sent: 3, failed: 0 });
  });

  it('the daily tier: at its limit the campaign pauses with the reason, then resumes when the window frees', async () => {
    await setLimits(80, 'TIER_50');
    const hour = new Date().toISOString().slice(0, 13);
    const bucket = campaignKeys.tierHour(world.a.companyId, world.official._id, hour);
    await clients().document.send(new PutCommand({ TableName: table(), Item: { ...bucket, used: 49 } }));
    const { tagId, contacts } = await world.audience(3);
    // Reached an hour ago: within the 24 h window, so it passes without taking a slot.
    const reach = campaignKeys.reach(world.a.companyId, world.official._id, digits(contacts[1]));
    await clients().document.send(
      new PutCommand({ TableName: table(), Item: { ...reach, at: Date.now() - 3_600_000 } }),
    );
    try {
      const id = await world.create(tagId);
      await world.start(id);
      await queue.drain();
      expect(cloud.sent.map((send) => send.to)).toContain(digits(contacts[1]));
      expect(cloud.sent).toHaveLength(2);
      expect(await world.view(id)).toMatchObject({ status: 5, paused: true, pause_reason: 'tier_limit' });
      const still = await startDueCampaigns(new Date(Date.now() + 2 * 3_600_000));
      expect(still.resumed).toBe(1);
      await queue.drain();
      expect(cloud.sent).toHaveLength(2);
      expect((await world.view(id)).pause_reason).toBe('tier_limit');
      await clients().document.send(new DeleteCommand({ TableName: table(), Key: bucket }));
      expect((await startDueCampaigns(new Date(Date.now() + 2 * 3_600_000))).resumed).toBe(1);
      await queue.drain();
      expect(cloud.sent).toHaveLength(3);
      expect(await world.view(id)).toMatchObject({ status: 3, sent: 3, paused: false, pause_reason: null });
    } finally {
      await clients().document.send(new DeleteCommand({ TableName: table(), Key: bucket }));
      await setLimits(80, 'TIER_UNLIMITED');
    }
  });

  it(
    'too many failures pause the campaign with the failure-rate reason, within the chunk that saw them',
    async () => {
      const { tagId } = await world.audience(80);
      const id = await world.create(tagId);
      await world.start(id);
      for (let index = 0; index < 8; index += 1) cloud.failNext(131026);
      await queue.drain();
      const paused = await world.view(id);
      expect(paused).toMatchObject({ status: 5, paused: true, pause_reason: 'failure_rate', failed: 8 });
      // It stopped after the first outcomes were recorded, not at the chunk's end; what it had claimed and not
      // sent went back to pending, for a resume.
      expect(paused.attempted).toBeLessThan(80);
      expect(paused.attempted).toBe(paused.sent + paused.failed);
      expect(cloud.sent).toHaveLength(paused.sent);
      const states = (await world.recipients(id)).map((recipient) => recipient.status);
      expect(states.filter((state) => state === 'pending')).toHaveLength(80 - paused.attempted);
    },
    LARGE_AUDIENCE_TIMEOUT,
  );

  it("a FLAGGED quality webhook pauses the number's sending campaigns and records RED and the tier", async () => {
    const { tagId } = await world.audience(2);
    const id = await world.create(tagId);
    await world.start(id);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    // Meta's phone_number_quality_update webhook, as documented.
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '204567',
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'phone_number_quality_update',
              value: { display_phone_number: '558530001000', event: 'FLAGGED', current_limit: 'TIER_10K' },
            },
          ],
        },
      ],
    };
    await handleBusinessAccountChanges(
      { company: world.a.companyId, _id: world.official._id },
      JSON.stringify(payload),
    );
    expect(await world.view(id)).toMatchObject({ status: 5, paused: true, pause_reason: 'quality' });
    await queue.drain();
    expect(cloud.sent).toHaveLength(0);
    const sender = await callRoute(handler, getSender, {
      token: world.a.admin.token,
      params: { integration: world.official._id },
    });
    expect(sender.body).toMatchObject({ quality: 'RED', tier: 'TIER_10K' });
  });

  it("the number's index holds its sending campaigns only: created, cancelled and finished ones leave it", async () => {
    const sendingOf = async () =>
      (
        await queryAll({
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: {
            ':pk': campaignKeys.byIntegration(world.a.companyId, world.official._id),
          },
          ProjectionExpression: '#id',
          ExpressionAttributeNames: { '#id': '_id' },
        })
      ).map((item) => item._id);
    const { tagId } = await world.audience(1);
    const created = await world.create(tagId);
    const finished = await world.create(tagId);
    const sending = await world.create(tagId);
    expect(await sendingOf()).not.toContain(created);
    await world.start(finished);
    await world.start(sending);
    expect(await sendingOf()).toEqual(expect.arrayContaining([finished, sending]));
    await queue.drain();
    expect((await world.view(finished)).status).toBe(3);
    expect((await world.view(sending)).status).toBe(3);
    const again = await world.create(tagId);
    await world.start(again);
    const index = await sendingOf();
    expect(index).toContain(again);
    expect(index).not.toContain(finished);
    expect(index).not.toContain(created);
  });

  it('a quality update naming another number of the business account pauses only that number’s campaigns', async () => {
    const second = (
      await callRoute(integrations, createChannelIntegration, {
        token: world.a.admin.token,
        body: {
          type: 'official',
          provider: 'meta',
          label: 'Segundo número',
          phone: '558530002222',
          phone_number_id: '106540352242933',
          access_token: 'EAAG-token-2',
          app_secret: 'secret',
          verify_token: 'verify',
          waba_id: '204567',
        },
      })
    ).body as ProviderIntegrationView;
    const { tagId } = await world.audience(2);
    const id = await world.create(tagId);
    await world.start(id);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    const flagged = (phone: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '204567',
            time: Math.floor(Date.now() / 1000),
            changes: [
              {
                field: 'phone_number_quality_update',
                value: { display_phone_number: phone, event: 'FLAGGED', current_limit: 'TIER_1K' },
              },
            ],
          },
        ],
      });
    const quality = async (integrationId: string) =>
      (
        (
          await callRoute(handler, getSender, {
            token: world.a.admin.token,
            params: { integration: integrationId },
          })
        ).body as SenderView
      ).quality;
    const firstBefore = await quality(world.official._id);
    // Both numbers' events reach the app's one callback: here, the first integration's.
    const integration = { company: world.a.companyId, _id: world.official._id };
    await handleBusinessAccountChanges(integration, flagged('558530002222'));
    await handleBusinessAccountChanges(integration, flagged('15550009999'));
    expect(await world.view(id)).toMatchObject({ paused: false });
    expect(await quality(second._id)).toBe('RED');
    expect(await quality(world.official._id)).toBe(firstBefore);
    await queue.drain();
    expect(await world.view(id)).toMatchObject({ status: 3, sent: 2 });
  });

  it('a claim whose lease ran out is settled as failed (outcome_unknown), never sent; the campaign ends sent', async () => {
    const { tagId, contacts } = await world.audience(2);
    const id = await world.create(tagId);
    await world.start(id);
    expect(await queue.deliver(queue.pending.shift() as string)).toBe(true);
    const crashed = contacts[0] as ContactView;
    expect(
      await claimRecipient(
        world.a.companyId,
        id,
        world.official._id,
        crashed._id,
        digits(crashed),
        new Date(),
      ),
    ).toBe(true);
    await queue.drain();
    expect(await world.view(id)).toMatchObject({ status: 6, sent: 1, attempted: 2 });
    expect((await startDueCampaigns(new Date(Date.now() + 60_000))).reconciled).toBe(0);
    const later = await startDueCampaigns(new Date(Date.now() + CLAIM_LEASE_MS + 60_000));
    expect(later.reconciled).toBe(1);
    const done = await world.view(id);
    expect(done).toMatchObject({ status: 3, sent: 1, failed: 1, failures_by_code: { [OUTCOME_UNKNOWN]: 1 } });
    const settled = (await world.recipients(id)).find((recipient) => recipient.contact === crashed._id);
    expect(settled).toMatchObject({ status: 'failed', error_code: OUTCOME_UNKNOWN });
    expect(cloud.sent.map((send) => send.to)).toEqual([digits(contacts[1])]);

    const { Item } = await clients().document.send(
      new GetCommand({ TableName: table(), Key: campaignKeys.campaign(world.a.companyId, id) }),
    );
    const finished = { ...Item };
    const before = { ...Item, status: 6 };
    const events = campaignEvents({ kind: 'MODIFY', oldImage: before, newImage: finished });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'campaign.finished',
        entity_id: id,
        data: expect.objectContaining({
          previous_status: 6,
          campaign: expect.objectContaining({ status: 3 }),
        }),
      }),
    ]);
    expect(campaignEvents({ kind: 'MODIFY', oldImage: finished, newImage: finished })).toEqual([]);
  });
});

describe('replies to a campaign', () => {
  it("open a conversation marked with the campaign (its origin) in the campaign's department, counted once", async () => {
    const { tagId, contacts } = await world.audience(1);
    const department = newObjectId();
    const id = await world.create(tagId, { reply_to: { department } });
    await world.start(id);
    await queue.drain();
    const reply: InboundMessage = {
      kind: 'message',
      companyId: world.a.companyId,
      integrationId: world.official._id,
      channel: 'official',
      providerMessageId: `wamid.in-${newObjectId()}`,
      from: { externalId: digits(contacts[0]), phone: digits(contacts[0]) },
      text: 'Quero a oferta!',
      sentAt: new Date().toISOString(),
    };
    expect(await handleInboundMessage(reply)).toBe('stored');
    await noteCampaignReply(reply);
    const customer = await getCustomer(world.a.companyId, (contacts[0] as ContactView)._id);
    const conversation = await getConversation(world.a.companyId, customer?.open_conversation ?? '');
    expect(conversation).toMatchObject({
      origin: { type: 'campaign', campaign: id },
      department,
      status: 'queue',
    });
    expect(await world.view(id)).toMatchObject({ replied: 1 });
  });
});

describe('template status webhooks', () => {
  it("message_template_status_update moves the stored template's status (PAUSED, then REINSTATED)", async () => {
    const change = (event: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '204567',
            time: Math.floor(Date.now() / 1000),
            changes: [
              {
                field: 'message_template_status_update',
                value: {
                  event,
                  message_template_id: 594425479261596,
                  message_template_name: 'promo',
                  message_template_language: 'pt_BR',
                  reason: 'NONE',
                },
              },
            ],
          },
        ],
      });
    const integration = { company: world.a.companyId, _id: world.official._id };
    const status = async () =>
      (await listTemplateRecords(world.a.companyId, world.official._id)).find((item) => item.name === 'promo')
        ?.status;
    vi.mocked(publishToRoom).mockClear();
    await handleBusinessAccountChanges(integration, change('PAUSED'));
    expect(await status()).toBe('PAUSED');
    // Connected screens hear it live, in the company's own room.
    expect(vi.mocked(publishToRoom).mock.calls).toContainEqual([
      world.a.companyId,
      companyRoom(world.a.companyId),
      'template-status',
      expect.objectContaining({ integration: world.official._id, name: 'promo', status: 'PAUSED' }),
    ]);
    const refused = await callRoute(handler, createCampaign, {
      token: world.a.admin.token,
      body: {
        name: 'Pausado',
        integration: world.official._id,
        template: 'promo',
        audience: { contacts: [newObjectId()] },
      },
    });
    expect(refused.status).toBe(400);
    await handleBusinessAccountChanges(integration, change('REINSTATED'));
    expect(await status()).toBe('APPROVED');
    // Another company's integration id changes nothing of A's.
    await handleBusinessAccountChanges(
      { company: world.b.companyId, _id: world.official._id },
      change('PAUSED'),
    );
    expect(await status()).toBe('APPROVED');
    const rooms = vi.mocked(publishToRoom).mock.calls.filter((call) => call[2] === 'template-status');
    expect(rooms.map((call) => call[1])).toEqual([
      companyRoom(world.a.companyId),
      companyRoom(world.a.companyId),
    ]);
  });
});

describe('replies to a campaign with a flow', () => {
  it("start in the campaign's published flow instead of the channel's", async () => {
    const department = newObjectId();
    await setCompany(world.a.companyId, {
      departments: [
        {
          _id: department,
          name: 'Campanhas',
          label: 'Campanhas',
          employees: [world.a.operator.id],
          sub_departments: [],
          tag_color: '#1e88e5',
          view_all_contacts: false,
        },
      ],
    });
    const at = { x: 0, y: 0 };
    const flowId = (
      (await callRoute(flowsHandler, createFlow, { token: world.a.admin.token, body: { name: 'Campanha' } }))
        .body as FlowDetail
    )._id;
    await callRoute(flowsHandler, saveFlowDraft, {
      token: world.a.admin.token,
      params: { id: flowId },
      body: {
        nodes: [
          { id: 'start', type: 'start', position: at, data: {} },
          { id: 'h', type: 'handoff', position: at, data: { department, employee: null } },
        ],
        edges: [{ id: 'e0', source: 'start', target: 'h' }],
      },
    });
    const published = await callRoute(flowsHandler, publishFlow, {
      token: world.a.admin.token,
      params: { id: flowId },
    });
    expect(published.status).toBe(201);
    const { tagId, contacts } = await world.audience(1);
    const id = await world.create(tagId, { reply_to: { flow: flowId } });
    await world.start(id);
    await queue.drain();
    const reply: InboundMessage = {
      kind: 'message',
      companyId: world.a.companyId,
      integrationId: world.official._id,
      channel: 'official',
      providerMessageId: `wamid.in-${newObjectId()}`,
      from: { externalId: digits(contacts[0]), phone: digits(contacts[0]) },
      text: 'Oi',
      sentAt: new Date().toISOString(),
    };
    expect(await handleInboundMessage(reply)).toBe('stored');
    const customer = await getCustomer(world.a.companyId, (contacts[0] as ContactView)._id);
    const conversation = await getConversation(world.a.companyId, customer?.open_conversation ?? '');
    // The flow's only step hands the conversation to its department's queue.
    expect(conversation).toMatchObject({
      origin: { type: 'campaign', campaign: id },
      department,
      status: 'queue',
    });
  });
});
