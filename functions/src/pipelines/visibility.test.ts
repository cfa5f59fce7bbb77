import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import { createDeal, getDeal, listDeals, updateDeal } from '@atende/shared/contracts/pipelines/routes';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import type { Member } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation as readConversation } from '../conversations/store.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  setPermissions,
  setSettings,
} from '../conversations/test-inbox.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler as walletsHandler } from '../wallets/handler.ts';
import { handler } from './handler.ts';
import { call, newContact, newDeal, salesFunnel } from './test-funnel.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let posted: { connectionId: string; frame: ServerFrame }[] = [];
let inbox: Inbox;
let pipeline: string;
let stages: string[];

const connection = async (member: Member, role: 'admin' | 'manager' | 'operator') => {
  const connectionId = `conn-${role}-${newObjectId()}`;
  await connect(
    {
      auth: {
        companyId: inbox.companyId,
        employeeId: member.id,
        role,
        sessionId: newObjectId(),
        blocked: false,
      },
      connectionId,
    },
    Date.now(),
  );
  return connectionId;
};

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  inbox = await createInbox();
  const funnel = await salesFunnel(inbox.admin, { notify_owner: true });
  pipeline = funnel._id;
  stages = funnel.stages.map((stage) => stage._id);
});

beforeEach(() => {
  posted = [];
  management.reset();
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    posted.push({
      connectionId: input.ConnectionId,
      frame: JSON.parse(Buffer.from(input.Data).toString('utf8')) as ServerFrame,
    });
    return {};
  });
});

const seen = async (member: Member) =>
  (await call<{ deals: DealView[] }>(listDeals, member, { query: { pipeline } })).deals
    .map((deal) => deal.title)
    .sort();

const opens = async (member: Member, id: string) =>
  (await callRoute(handler, getDeal, { token: member.token, params: { id } })).status;

describe('who sees which deal', () => {
  it('follows the inbox: own deals, departments, spy permissions, admins all', async () => {
    const customer = await newContact(inbox.admin, 'Joana Vidal');
    const deal = (title: string, extra: Record<string, unknown>) =>
      newDeal(inbox.admin, { pipeline, stage: stages[0], customer: customer._id, title, ...extra });
    await deal('Vendas', { department: inbox.sales, owner: null });
    const support = await deal('Suporte', { department: inbox.support, owner: null });
    await deal('Do operador', { department: inbox.support, owner: inbox.operator.id });
    await deal('Geral', { owner: null });

    expect(await seen(inbox.admin)).toEqual(['Do operador', 'Geral', 'Suporte', 'Vendas']);
    expect(await seen(inbox.operator)).toEqual(['Do operador', 'Geral', 'Vendas']);
    expect(await seen(inbox.manager)).toEqual(['Do operador', 'Geral', 'Suporte']);
    expect(await opens(inbox.operator, support._id)).toBe(404);
    await call(updateDeal, inbox.operator, { params: { id: support._id }, body: { title: 'x' } }, 404);

    await setPermissions(inbox.companyId, { allow_spies: true, manage_allow_spies: true });
    expect(await seen(inbox.operator)).toEqual(['Do operador', 'Geral', 'Suporte', 'Vendas']);
    expect(await seen(inbox.manager)).toEqual(['Do operador', 'Geral', 'Suporte', 'Vendas']);
    await setPermissions(inbox.companyId, {});
  });

  it("keeps a wallet customer's deals to the wallet's members under the wallet limit", async () => {
    const created = await callRoute(walletsHandler, createWallet, {
      token: inbox.admin.token,
      body: { name: `Sul ${newObjectId()}`, employee_owner: inbox.manager.id, employees: [] },
    });
    expect(created.status).toBe(201);
    const south = (created.body as { _id: string })._id;
    const customer = await newContact(inbox.admin, 'Kauã Sul');
    const moved = await callRoute(contactsHandler, updateContact, {
      token: inbox.admin.token,
      params: { id: customer._id },
      body: { wallet: south },
    });
    expect(moved.status).toBe(200);
    const deal = await newDeal(inbox.admin, {
      pipeline,
      stage: stages[0],
      customer: customer._id,
      title: 'Carteira Sul',
      department: inbox.sales,
      owner: null,
    });
    await setSettings(inbox.companyId, {
      wallets: { wallet_mode: true, limit_customers_to_wallet_employees: true },
    });
    try {
      expect(await opens(inbox.operator, deal._id)).toBe(404);
      expect(await seen(inbox.operator)).not.toContain('Carteira Sul');
      await setPermissions(inbox.companyId, { manage_allow_spies: true });
      expect(await opens(inbox.manager, deal._id)).toBe(200);
      expect(await opens(inbox.admin, deal._id)).toBe(200);
      await call(
        createDeal,
        inbox.operator,
        { body: { pipeline, stage: stages[0], customer: customer._id, title: 'x' } },
        400,
      );
    } finally {
      await setSettings(inbox.companyId, {
        wallets: { wallet_mode: false, limit_customers_to_wallet_employees: false },
      });
      await setPermissions(inbox.companyId, {});
    }
    expect(await opens(inbox.operator, deal._id)).toBe(200);
  });
});

describe('deals and conversations', () => {
  it("is created from a conversation, for that conversation's customer only", async () => {
    const event = inboundText(inbox, { externalId: `deal-visitor-${newObjectId()}` });
    await deliverInbound(event);
    const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
    const conversation = await readConversation(inbox.companyId, ref?.conversation as string);
    const customer = conversation?.customer._id as string;
    const deal = await newDeal(inbox.admin, {
      pipeline,
      stage: stages[0],
      customer,
      conversation: conversation?._id,
      title: 'Do chat',
    });
    expect(deal.conversation).toBe(conversation?._id);
    const listed = await call<{ deals: DealView[] }>(listDeals, inbox.admin, { query: { customer } });
    expect(listed.deals.map((item) => item._id)).toEqual([deal._id]);
    const other = await newContact(inbox.admin, 'Outra pessoa');
    await call(
      createDeal,
      inbox.admin,
      {
        body: {
          pipeline,
          stage: stages[0],
          customer: other._id,
          conversation: conversation?._id,
          title: 'x',
        },
      },
      400,
    );
  });
});

describe('live boards', () => {
  it('tells open boards of every change and the owner of a rule notice', async () => {
    const admin = await connection(inbox.admin, 'admin');
    const operator = await connection(inbox.operator, 'operator');
    const customer = await newContact(inbox.admin, 'Lia Live');
    const deal = await newDeal(inbox.admin, {
      pipeline,
      stage: stages[0],
      customer: customer._id,
      title: 'Ao vivo',
      owner: inbox.operator.id,
    });
    await call(updateDeal, inbox.admin, { params: { id: deal._id }, body: { stage: stages[1] } });
    await call(updateDeal, inbox.admin, { params: { id: deal._id }, body: { status: 'won' } });
    const boardFrames = (connectionId: string) =>
      posted
        .filter((entry) => entry.connectionId === connectionId && entry.frame.event === 'deal-update')
        .map((entry) => entry.frame.data);
    for (const connectionId of [admin, operator]) {
      expect(boardFrames(connectionId)).toEqual([
        { company: inbox.companyId, deal: deal._id, pipeline, stage: stages[0], action: 'created' },
        { company: inbox.companyId, deal: deal._id, pipeline, stage: stages[1], action: 'moved' },
        { company: inbox.companyId, deal: deal._id, pipeline, stage: stages[1], action: 'won' },
      ]);
    }
    const notices = posted.filter((entry) => entry.frame.event === 'deal-notice');
    expect(notices.map((entry) => entry.connectionId)).toEqual([operator]);
    expect(notices[0]?.frame.data).toMatchObject({
      deal: deal._id,
      title: 'Ao vivo',
      stage_name: 'Proposta',
    });
  });
});
