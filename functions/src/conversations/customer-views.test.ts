import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { getConversation } from '@atende/shared/contracts/conversations/get-conversation';
import { listConversations } from '@atende/shared/contracts/conversations/list-conversations';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { migrateChannel } from '@atende/shared/contracts/customers/migrate-channel';
import type { CustomerChannel } from '@atende/shared/domain/customer';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as customersHandler } from '../customers/handler.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findByProviderId } from './message-store.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from './test-inbox.ts';
import { customerEntity } from '../contacts/entities.ts';

beforeAll(async () => {
  await useTestTables();
});

let visitors = 0;

async function arrive(inbox: Inbox, overrides: Parameters<typeof inboundText>[1] = {}): Promise<string> {
  const event = inboundText(inbox, { externalId: `customer-${(visitors += 1)}`, ...overrides });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  return ref?.conversation as string;
}

async function view(token: string, id: string): Promise<ConversationView> {
  const response = await callRoute(handler, getConversation, { token, params: { id } });
  expect(response.status).toBe(200);
  return response.body as ConversationView;
}

const list = (token: string, query: Record<string, string>) =>
  callRoute(handler, listConversations, { token, query });

const ids = (body: unknown) => (body as { items: ConversationView[] }).items.map((item) => item._id);

const setCustomerChannel = (inbox: Inbox, customerId: string, channel: CustomerChannel) =>
  clients().document.send(
    new UpdateCommand({
      TableName: config().mainTable,
      Key: customerEntity.key(inbox.companyId, customerId),
      UpdateExpression: 'SET #channel = :channel',
      ExpressionAttributeNames: { '#channel': 'channel' },
      ExpressionAttributeValues: { ':channel': channel },
    }),
  );

async function closeAs(inbox: Inbox, id: string) {
  await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id } });
  const closed = await callRoute(handler, closeConversation, {
    token: inbox.operator.token,
    params: { id },
    body: {},
  });
  expect(closed.status).toBe(200);
}

describe("the customer's channel in conversation views", () => {
  it('reads the stored customer: the channel they came from, official WhatsApp as whatsapp', async () => {
    const inbox = await createInbox();
    const widget = await arrive(inbox);
    expect((await view(inbox.admin.token, widget)).customer.channel).toBe('widget');
    const official = await arrive(inbox, {
      channel: 'official',
      integrationId: inbox.official,
      from: { externalId: '5585977770001', name: 'Ana' },
    });
    expect((await view(inbox.admin.token, official)).customer.channel).toBe('whatsapp');
  });

  it('follows the validation states and the migration to WhatsApp in every view', async () => {
    const inbox = await createInbox();
    const id = await arrive(inbox, {
      from: { externalId: 'to-migrate', name: 'Rui', phone: '5585966660000' },
    });
    const customerId = (await view(inbox.admin.token, id)).customer._id;
    for (const channel of ['invalid', 'error', 'undefined'] as const) {
      await setCustomerChannel(inbox, customerId, channel);
      expect((await view(inbox.operator.token, id)).customer.channel).toBe(channel);
      const listed = (await list(inbox.admin.token, { tab: 'queue' })).body as { items: ConversationView[] };
      expect(listed.items.find((item) => item._id === id)?.customer.channel).toBe(channel);
    }
    await setCustomerChannel(inbox, customerId, 'widget');
    const migrated = await callRoute(customersHandler, migrateChannel, {
      token: inbox.operator.token,
      body: {
        employee: inbox.operator.id,
        companyId: inbox.companyId,
        customerId,
        channel: 'whatsapp',
        cel_phone: '5585966660000',
        whatsapp_integration: inbox.whatsapp,
        confirmed: true,
      },
    });
    expect(migrated.status).toBe(200);
    expect((await view(inbox.operator.token, id)).customer.channel).toBe('whatsapp');
    const taken = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id },
    });
    expect((taken.body as ConversationView).customer.channel).toBe('whatsapp');
  });
});

describe('GET /api/conversations?customer=', () => {
  it("answers that customer's conversations only, newest first, paged, with the other filters", async () => {
    const inbox = await createInbox();
    const first = await arrive(inbox, { externalId: 'history-customer' });
    await closeAs(inbox, first);
    const second = await arrive(inbox, { externalId: 'history-customer' });
    await arrive(inbox, { externalId: 'someone-else' });
    const customer = (await view(inbox.admin.token, first)).customer._id;
    expect(second).not.toBe(first);

    expect(ids((await list(inbox.admin.token, { tab: 'all', customer })).body)).toEqual([second, first]);
    expect(ids((await list(inbox.admin.token, { tab: 'all', customer, status: 'closed' })).body)).toEqual([
      first,
    ]);
    expect(ids((await list(inbox.admin.token, { tab: 'queue', customer })).body)).toEqual([second]);
    expect(ids((await list(inbox.admin.token, { tab: 'all', customer, channel: 'telegram' })).body)).toEqual(
      [],
    );

    const page = (await list(inbox.admin.token, { tab: 'all', customer, limit: '1' })).body as {
      items: ConversationView[];
      nextCursor: string;
    };
    expect(page.items.map((item) => item._id)).toEqual([second]);
    const rest = await list(inbox.admin.token, { tab: 'all', customer, limit: '1', cursor: page.nextCursor });
    expect(ids(rest.body)).toEqual([first]);
    expect((rest.body as { nextCursor: string | null }).nextCursor).toBeNull();
  });

  it('answers only what the caller may see', async () => {
    const inbox = await createInbox();
    const served = await arrive(inbox, { externalId: 'shared-customer' });
    await closeAs(inbox, served);
    const elsewhere = await arrive(inbox, { externalId: 'shared-customer' });
    await callRoute(handler, transferConversation, {
      token: inbox.admin.token,
      params: { id: elsewhere },
      body: { department: inbox.support },
    });
    const customer = (await view(inbox.admin.token, served)).customer._id;
    expect(ids((await list(inbox.operator.token, { tab: 'all', customer })).body)).toEqual([served]);
    expect(ids((await list(inbox.manager.token, { tab: 'all', customer })).body)).toEqual([
      elsewhere,
      served,
    ]);
  });

  it("answers nothing for another company's customer or an unknown one", async () => {
    const inbox = await createInbox();
    const other = await createInbox();
    const theirs = await arrive(other, { externalId: 'foreign-customer' });
    const foreignCustomer = (await view(other.admin.token, theirs)).customer._id;
    const answer = await list(inbox.admin.token, { tab: 'all', customer: foreignCustomer });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ items: [], nextCursor: null });
    expect(ids((await list(inbox.admin.token, { tab: 'all', customer: newObjectId() })).body)).toEqual([]);
  });
});
