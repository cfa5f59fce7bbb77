import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { getConversation } from '@atende/shared/contracts/conversations/get-conversation';
import { listConversations } from '@atende/shared/contracts/conversations/list-conversations';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { customersQueueWaitCount } from '@atende/shared/contracts/queue/customers-queue-wait-count';
import { createWallet } from '@atende/shared/contracts/wallets/create-wallet';
import { deleteWallet } from '@atende/shared/contracts/wallets/delete-wallet';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { ServerFrame } from '@atende/shared/realtime/server-events';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import type { Member } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { connect } from '../realtime/service.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { handler as walletsHandler } from '../wallets/handler.ts';
import { handler } from './handler.ts';
import { findByProviderId } from './message-store.ts';
import { getConversation as readConversation } from './store.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  setPermissions,
  setSettings,
} from './test-inbox.ts';

const management = mockClient(ApiGatewayManagementApiClient);
/** The wallet copy onto conversations is a reaction to contact.updated. */
const drainEvents = domainEventDrain();
let posted: { connectionId: string; frame: ServerFrame }[] = [];

beforeAll(async () => {
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
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

/**
 * An inbox whose operator belongs to wallet "Norte" and whose manager owns wallet "Sul"; the admin is in
 * neither.
 */
interface WalletInbox extends Inbox {
  north: string;
  south: string;
}

async function walletInbox(): Promise<WalletInbox> {
  const inbox = await createInbox();
  const wallet = async (name: string, owner: string, employees: string[]) => {
    const response = await callRoute(walletsHandler, createWallet, {
      token: inbox.admin.token,
      body: { name, employee_owner: owner, employees },
    });
    expect(response.status).toBe(201);
    return (response.body as { _id: string })._id;
  };
  return {
    ...inbox,
    north: await wallet('Norte', inbox.admin.id, [inbox.operator.id]),
    south: await wallet('Sul', inbox.manager.id, []),
  };
}

const limitWallets = (inbox: Inbox, on: boolean) =>
  setSettings(inbox.companyId, { wallets: { wallet_mode: on, limit_customers_to_wallet_employees: on } });

let visitors = 0;

/** A new widget visitor writes; answers the conversation and customer ids. */
async function arrive(inbox: Inbox): Promise<{ id: string; customer: string }> {
  const event = inboundText(inbox, { externalId: `wallet-visitor-${(visitors += 1)}` });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  const conversation = await readConversation(inbox.companyId, ref?.conversation as string);
  return { id: conversation?._id as string, customer: conversation?.customer._id as string };
}

async function moveContact(inbox: Inbox, customer: string, wallet: string | null) {
  const response = await callRoute(contactsHandler, updateContact, {
    token: inbox.admin.token,
    params: { id: customer },
    body: { wallet },
  });
  expect(response.status).toBe(200);
  await drainEvents();
}

const ids = (body: unknown) => (body as { items: ConversationView[] }).items.map((item) => item._id).sort();

const listed = async (member: Member, query: Record<string, string>) =>
  ids((await callRoute(handler, listConversations, { token: member.token, query })).body);

const open = async (member: Member, id: string) =>
  (await callRoute(handler, getConversation, { token: member.token, params: { id } })).status;

async function queueCount(inbox: Inbox, member: Member, body: Record<string, unknown> = {}) {
  const response = await callRoute(handler, customersQueueWaitCount, {
    token: member.token,
    body: { company: inbox.companyId, employee: member.id, ...body },
  });
  expect(response.status).toBe(200);
  return (response.body as { count: number }).count;
}

describe('wallet limits in the inbox (spec point 5)', () => {
  it('keeps a wallet customer from non-members in lists, opening, messages, counts and taking', async () => {
    const inbox = await walletInbox();
    const south = await arrive(inbox);
    const loose = await arrive(inbox);
    const north = await arrive(inbox);
    await moveContact(inbox, south.customer, inbox.south);
    await moveContact(inbox, north.customer, inbox.north);
    await limitWallets(inbox, true);

    expect(await listed(inbox.operator, { tab: 'queue' })).toEqual([loose.id, north.id].sort());
    expect(await listed(inbox.operator, { tab: 'all' })).toEqual([loose.id, north.id].sort());
    expect(await listed(inbox.operator, { tab: 'all', customer: south.customer })).toEqual([]);
    expect(await open(inbox.operator, south.id)).toBe(404);
    const messages = await callRoute(handler, listMessages, {
      token: inbox.operator.token,
      params: { id: south.id },
    });
    expect(messages.status).toBe(404);
    const take = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id: south.id },
    });
    expect(take.status).toBe(404);
    expect(await queueCount(inbox, inbox.operator)).toBe(2);

    expect(await listed(inbox.manager, { tab: 'queue' })).toEqual([south.id, loose.id].sort());
    expect(await open(inbox.manager, north.id)).toBe(404);
    expect(await queueCount(inbox, inbox.manager)).toBe(2);

    expect(await listed(inbox.admin, { tab: 'queue' })).toEqual([south.id, loose.id, north.id].sort());
    expect(await open(inbox.admin, south.id)).toBe(200);
    expect(await queueCount(inbox, inbox.admin)).toBe(3);

    const taken = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id: north.id },
    });
    expect(taken.status).toBe(200);
    expect(await listed(inbox.operator, { tab: 'mine' })).toEqual([north.id]);
  });

  it('filters lists and the queue count by wallet', async () => {
    const inbox = await walletInbox();
    const south = await arrive(inbox);
    const loose = await arrive(inbox);
    const north = await arrive(inbox);
    await moveContact(inbox, south.customer, inbox.south);
    await moveContact(inbox, north.customer, inbox.north);

    expect(await listed(inbox.admin, { tab: 'queue', wallet: inbox.north })).toEqual([north.id]);
    expect(await listed(inbox.admin, { tab: 'all', wallet: inbox.south })).toEqual([south.id]);
    expect(await listed(inbox.admin, { tab: 'all', customer: loose.customer, wallet: inbox.south })).toEqual(
      [],
    );
    expect(await queueCount(inbox, inbox.admin, { walletEnable: true, wallets: [inbox.south] })).toBe(1);
    expect(
      await queueCount(inbox, inbox.admin, { walletEnable: true, wallets: [inbox.south, inbox.north] }),
    ).toBe(2);
    expect(await queueCount(inbox, inbox.admin, { walletEnable: false, wallets: [inbox.south] })).toBe(3);

    await limitWallets(inbox, true);
    expect(await listed(inbox.operator, { tab: 'queue', wallet: inbox.south })).toEqual([]);
    expect(await queueCount(inbox, inbox.operator, { walletEnable: true, wallets: [inbox.south] })).toBe(0);
  });

  it('limits only the role whose limit_view_customer_wallet_* flag is on (spec point 6)', async () => {
    const inbox = await walletInbox();
    const south = await arrive(inbox);
    const north = await arrive(inbox);
    await moveContact(inbox, south.customer, inbox.south);
    await moveContact(inbox, north.customer, inbox.north);
    await setSettings(inbox.companyId, {
      wallets: { wallet_mode: true, limit_customers_to_wallet_employees: false },
    });
    await setPermissions(inbox.companyId, { limit_view_customer_wallet_operator: true });
    expect(await listed(inbox.operator, { tab: 'queue' })).toEqual([north.id]);
    expect(await open(inbox.operator, south.id)).toBe(404);
    expect(await listed(inbox.manager, { tab: 'queue' })).toEqual([south.id, north.id].sort());
    await setPermissions(inbox.companyId, { limit_view_customer_wallet_manager: true });
    expect(await listed(inbox.operator, { tab: 'queue' })).toEqual([south.id, north.id].sort());
    expect(await open(inbox.manager, north.id)).toBe(404);
  });

  it('changes nothing while wallet mode or its limit is off', async () => {
    const inbox = await walletInbox();
    const south = await arrive(inbox);
    const loose = await arrive(inbox);
    await moveContact(inbox, south.customer, inbox.south);
    await setSettings(inbox.companyId, {
      wallets: { wallet_mode: true, limit_customers_to_wallet_employees: false },
    });
    expect(await listed(inbox.operator, { tab: 'queue' })).toEqual([south.id, loose.id].sort());
    expect(await queueCount(inbox, inbox.operator)).toBe(2);
    await setSettings(inbox.companyId, {
      wallets: { wallet_mode: false, limit_customers_to_wallet_employees: true },
    });
    expect(await open(inbox.operator, south.id)).toBe(200);
    const take = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id: south.id },
    });
    expect(take.status).toBe(200);
  });

  it('follows the contact from wallet to wallet, out of one, and out of a removed one', async () => {
    const inbox = await walletInbox();
    const customer = await arrive(inbox);
    await limitWallets(inbox, true);
    expect(await open(inbox.operator, customer.id)).toBe(200);

    await moveContact(inbox, customer.customer, inbox.south);
    expect(await open(inbox.operator, customer.id)).toBe(404);
    expect(await open(inbox.manager, customer.id)).toBe(200);

    await moveContact(inbox, customer.customer, inbox.north);
    expect(await open(inbox.operator, customer.id)).toBe(200);
    expect(await open(inbox.manager, customer.id)).toBe(404);
    expect((await readConversation(inbox.companyId, customer.id))?.wallet).toBe(inbox.north);

    await moveContact(inbox, customer.customer, null);
    expect(await open(inbox.manager, customer.id)).toBe(200);

    await moveContact(inbox, customer.customer, inbox.south);
    expect(await open(inbox.operator, customer.id)).toBe(404);
    const removed = await callRoute(walletsHandler, deleteWallet, {
      token: inbox.admin.token,
      params: { id: inbox.south },
    });
    expect(removed.status).toBe(200);
    await drainEvents();
    expect(await open(inbox.operator, customer.id)).toBe(200);
  });

  it('copies the wallet of a known contact onto the conversation their message opens', async () => {
    const inbox = await walletInbox();
    const created = await callRoute(contactsHandler, createContact, {
      token: inbox.admin.token,
      body: { full_name: 'Cliente Sul', cel_phone: '+55 85 98888-7777', wallet: inbox.south },
    });
    expect(created.status).toBe(201);
    const contact = created.body as ContactView;
    const event = inboundText(inbox, {
      channel: 'official',
      integrationId: inbox.official,
      externalId: '5585988887777',
    });
    await deliverInbound(event);
    const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
    const conversation = await readConversation(inbox.companyId, ref?.conversation as string);
    expect(conversation).toMatchObject({ customer: { _id: contact._id }, wallet: inbox.south });
    await limitWallets(inbox, true);
    expect(await open(inbox.operator, conversation?._id as string)).toBe(404);
    expect(await open(inbox.manager, conversation?._id as string)).toBe(200);
  });

  it('refuses to transfer a wallet customer to an employee outside the wallet', async () => {
    const inbox = await walletInbox();
    const customer = await arrive(inbox);
    await moveContact(inbox, customer.customer, inbox.south);
    await limitWallets(inbox, true);
    const transfer = (employee: string) =>
      callRoute(handler, transferConversation, {
        token: inbox.admin.token,
        params: { id: customer.id },
        body: { employee },
      });
    const refused = await transfer(inbox.operator.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: ptBR.inbox.outsideWallet });
    expect((await transfer(inbox.manager.id)).status).toBe(200);
    expect(await listed(inbox.manager, { tab: 'mine' })).toEqual([customer.id]);
  });
});

describe('realtime under wallet limits', () => {
  it('sends a wallet customer’s events only to the wallet members and admins', async () => {
    const inbox = await walletInbox();
    const first = await arrive(inbox);
    await moveContact(inbox, first.customer, inbox.south);
    await limitWallets(inbox, true);
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
    const admin = await connection(inbox.admin, 'admin');
    const manager = await connection(inbox.manager, 'manager');
    const operator = await connection(inbox.operator, 'operator');
    posted = [];
    await deliverInbound(inboundText(inbox, { externalId: `wallet-visitor-${visitors}`, text: 'De novo' }));
    const receivers = (event: string) =>
      posted
        .filter((entry) => entry.frame.event === event)
        .map((entry) => entry.connectionId)
        .sort();
    expect(receivers('new-message')).toEqual([admin, manager].sort());

    posted = [];
    const loose = await arrive(inbox);
    expect(loose.id).not.toBe(first.id);
    expect(receivers('new-call')).toEqual([admin, manager, operator].sort());
  });
});
