import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { getConversation } from '@atende/shared/contracts/conversations/get-conversation';
import { getTranscript } from '@atende/shared/contracts/conversations/get-transcript';
import { listConversations } from '@atende/shared/contracts/conversations/list-conversations';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { customersTotalMessages } from '@atende/shared/contracts/customers/customers-total-messages';
import { customersQueueWaitCount } from '@atende/shared/contracts/queue/customers-queue-wait-count';
import { reallocatedCustomersQueueWaitCount } from '@atende/shared/contracts/queue/reallocated-customers-queue-wait-count';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handler as customersHandler } from '../customers/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { findByProviderId } from './message-store.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  setPermissions,
  setSettings,
} from './test-inbox.ts';

beforeAll(async () => {
  await useTestTables();
});

let visitors = 0;

/** A new customer writes on the widget; answers the conversation id. */
async function arrive(inbox: Inbox, overrides: Parameters<typeof inboundText>[1] = {}): Promise<string> {
  const event = inboundText(inbox, { externalId: `visitor-${(visitors += 1)}`, ...overrides });
  await deliverInbound(event);
  const ref = await findByProviderId(inbox.companyId, event.integrationId, event.providerMessageId);
  return ref?.conversation as string;
}

const ids = (body: unknown) => (body as { items: ConversationView[] }).items.map((item) => item._id);

async function list(token: string, query: Record<string, string>) {
  return callRoute(handler, listConversations, { token, query });
}

async function routeToDepartment(inbox: Inbox, id: string, department: string) {
  const response = await callRoute(handler, transferConversation, {
    token: inbox.admin.token,
    params: { id },
    body: { department },
  });
  expect(response.status).toBe(200);
}

describe('who sees which conversation', () => {
  it('shows an operator the queues of their departments and the general queue, not the others', async () => {
    const inbox = await createInbox();
    const general = await arrive(inbox);
    const sales = await arrive(inbox);
    const support = await arrive(inbox);
    await routeToDepartment(inbox, sales, inbox.sales);
    await routeToDepartment(inbox, support, inbox.support);
    const operatorQueue = ids((await list(inbox.operator.token, { tab: 'queue' })).body);
    expect(operatorQueue.sort()).toEqual([general, sales].sort());
    const adminQueue = ids((await list(inbox.admin.token, { tab: 'queue' })).body);
    expect(adminQueue.sort()).toEqual([general, sales, support].sort());
    const managerAll = ids((await list(inbox.manager.token, { tab: 'all' })).body);
    expect(managerAll.sort()).toEqual([general, support].sort());
    expect(
      (await callRoute(handler, getConversation, { token: inbox.operator.token, params: { id: support } }))
        .status,
    ).toBe(404);

    await setPermissions(inbox.companyId, { allow_spies: true });
    const spying = ids((await list(inbox.operator.token, { tab: 'queue' })).body);
    expect(spying.sort()).toEqual([general, sales, support].sort());
    await setPermissions(inbox.companyId, { manage_queue_all: true });
    const managerQueue = ids((await list(inbox.manager.token, { tab: 'queue' })).body);
    expect(managerQueue.sort()).toEqual([general, sales, support].sort());
  });

  it('keeps a Suporte queue item from a Vendas operator when contradictory scope boxes are all on', async () => {
    const inbox = await createInbox();
    const sales = await arrive(inbox);
    const support = await arrive(inbox);
    await routeToDepartment(inbox, sales, inbox.sales);
    await routeToDepartment(inbox, support, inbox.support);
    // What the demo company used to store: every box ticked, "todos" and "apenas do seu departamento" at once.
    await setPermissions(inbox.companyId, {
      allow_spies: true,
      allow_spies_based_on_your_department: true,
      display_all_attendances: true,
    });
    expect(ids((await list(inbox.operator.token, { tab: 'queue' })).body)).toEqual([sales]);
    expect(
      (await callRoute(handler, getConversation, { token: inbox.operator.token, params: { id: support } }))
        .status,
    ).toBe(404);
    expect(
      (await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id: support } }))
        .status,
    ).toBe(404);
  });

  it("keeps others' conversations from an operator unless display_operators_attendances widens it", async () => {
    const inbox = await createInbox();
    const id = await arrive(inbox);
    expect(
      (await callRoute(handler, assignConversation, { token: inbox.manager.token, params: { id } })).status,
    ).toBe(200);
    expect(
      (await callRoute(handler, getConversation, { token: inbox.operator.token, params: { id } })).status,
    ).toBe(404);
    await setPermissions(inbox.companyId, { display_operators_attendances: true });
    expect(
      (await callRoute(handler, getConversation, { token: inbox.operator.token, params: { id } })).status,
    ).toBe(200);
  });

  it('masks the phone and e-mail under hide_personal_data_operator_open', async () => {
    const inbox = await createInbox();
    const id = await arrive(inbox, {
      from: { externalId: 'masked', name: 'Joana', phone: '+55 85 99999-1234', email: 'joana@example.com' },
    });
    await setPermissions(inbox.companyId, { hide_personal_data_operator_open: true });
    const operatorView = (
      await callRoute(handler, getConversation, { token: inbox.operator.token, params: { id } })
    ).body as ConversationView;
    expect(operatorView.customer).toMatchObject({
      cel_phone: '+** ** *****-1234',
      email: 'j***@example.com',
    });
    const adminView = (
      await callRoute(handler, getConversation, { token: inbox.admin.token, params: { id } })
    ).body as ConversationView;
    expect(adminView.customer).toMatchObject({ cel_phone: '+55 85 99999-1234', email: 'joana@example.com' });
  });

  it('filters by channel, status and search, and pages with a cursor', async () => {
    const inbox = await createInbox();
    const created = [];
    for (let index = 0; index < 5; index += 1) created.push(await arrive(inbox));
    const first = await list(inbox.admin.token, { tab: 'all', limit: '2', channel: 'widget' });
    const firstPage = first.body as { items: ConversationView[]; nextCursor: string };
    expect(firstPage.items).toHaveLength(2);
    const second = await list(inbox.admin.token, { tab: 'all', limit: '10', cursor: firstPage.nextCursor });
    expect([...ids(first.body), ...ids(second.body)].sort()).toEqual([...created].sort());
    expect((second.body as { nextCursor: string | null }).nextCursor).toBeNull();
    expect(ids((await list(inbox.admin.token, { tab: 'all', channel: 'telegram' })).body)).toEqual([]);
    expect(ids((await list(inbox.admin.token, { tab: 'all', status: 'closed' })).body)).toEqual([]);
    const [protocolOf] = (first.body as { items: ConversationView[] }).items;
    expect(
      ids((await list(inbox.admin.token, { tab: 'all', search: protocolOf?.protocol as string })).body),
    ).toEqual([protocolOf?._id]);
    const foreign = Buffer.from(JSON.stringify({ pk: `C#${newObjectId()}#CONV#x`, sk: 'CONV' })).toString(
      'base64url',
    );
    expect((await list(inbox.admin.token, { tab: 'all', cursor: foreign })).status).toBe(400);
  });
});

describe('taking, transferring and closing', () => {
  it('lets one operator take a queued call, then refuses the second take', async () => {
    const inbox = await createInbox();
    const id = await arrive(inbox);
    const taken = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id },
    });
    expect(taken.body).toMatchObject({ status: 'in_service', employee: { _id: inbox.operator.id } });
    const again = await callRoute(handler, assignConversation, {
      token: inbox.manager.token,
      params: { id },
    });
    expect(again.status).toBe(409);
    expect(ids((await list(inbox.operator.token, { tab: 'mine' })).body)).toEqual([id]);
  });

  it('enforces the max active chats per operator and the interval after a close', async () => {
    const inbox = await createInbox();
    await setSettings(inbox.companyId, { chatLimits: { maxActiveChatsPerOperator: 1 } });
    const first = await arrive(inbox);
    const second = await arrive(inbox);
    expect(
      (await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id: first } }))
        .status,
    ).toBe(200);
    const refused = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id: second },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Você atingiu o limite de 1 atendimento simultâneo.' });
    await setSettings(inbox.companyId, { intervals: { enabled: true, minutes: 10 } });
    expect(
      (
        await callRoute(handler, closeConversation, {
          token: inbox.operator.token,
          params: { id: first },
          body: {},
        })
      ).status,
    ).toBe(200);
    const resting = await callRoute(handler, assignConversation, {
      token: inbox.operator.token,
      params: { id: second },
    });
    expect(resting.body).toMatchObject({ message: ptBR.inbox.interval });
  });

  it('lets an operator transfer only with allow_operator_transfer_call, and counts the redistributed call', async () => {
    const inbox = await createInbox();
    const id = await arrive(inbox);
    await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id } });
    const body = { employee: inbox.manager.id };
    const refused = await callRoute(handler, transferConversation, {
      token: inbox.operator.token,
      params: { id },
      body,
    });
    expect(refused.status).toBe(403);
    await setPermissions(inbox.companyId, { allow_operator_transfer_call: true });
    const moved = await callRoute(handler, transferConversation, {
      token: inbox.operator.token,
      params: { id },
      body,
    });
    expect(moved.body).toMatchObject({
      status: 'in_service',
      employee: { _id: inbox.manager.id },
      redistributed: true,
    });
    const count = await callRoute(handler, reallocatedCustomersQueueWaitCount, {
      token: inbox.manager.token,
      body: { company: inbox.companyId, employee: inbox.manager.id },
    });
    expect(count.body).toEqual({ count: 1 });
    const toDepartment = await callRoute(handler, transferConversation, {
      token: inbox.manager.token,
      params: { id },
      body: { department: inbox.sales },
    });
    expect(toDepartment.body).toMatchObject({ status: 'queue', department: inbox.sales, employee: null });
  });

  it('closes with a required service category and reopens with a new protocol when the customer writes', async () => {
    const inbox = await createInbox();
    const tabulation = { _id: newObjectId(), label: 'Venda realizada', name: 'venda-realizada' };
    await setCompany(inbox.companyId, { tabulations: [tabulation] });
    await setSettings(inbox.companyId, { serviceCategories: { tabulation_mode: true, required: true } });
    const id = await arrive(inbox, { externalId: 'returning' });
    await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id } });
    const missing = await callRoute(handler, closeConversation, {
      token: inbox.operator.token,
      params: { id },
      body: {},
    });
    expect(missing.body).toMatchObject({ message: ptBR.inbox.tabulationRequired, field: 'tabulation' });
    const closed = await callRoute(handler, closeConversation, {
      token: inbox.operator.token,
      params: { id },
      body: { tabulation: tabulation._id },
    });
    expect(closed.body).toMatchObject({ status: 'closed', tabulation });
    const reopened = await arrive(inbox, { externalId: 'returning' });
    expect(reopened).not.toBe(id);
    const [before, after] = await Promise.all(
      [id, reopened].map(
        async (conversation) =>
          (
            await callRoute(handler, getConversation, {
              token: inbox.admin.token,
              params: { id: conversation },
            })
          ).body as ConversationView,
      ),
    );
    expect(after?.status).toBe('queue');
    expect(after?.protocol).not.toBe(before?.protocol);
    expect(after?.customer._id).toBe(before?.customer._id);
    const transcript = await callRoute(handler, getTranscript, { token: inbox.admin.token, params: { id } });
    expect(transcript.body).toMatchObject({ company: { name: 'Empresa Teste' }, conversation: { _id: id } });
  });
});

describe('spec count calls', () => {
  it('count the visible queue and the unread messages, and refuse another company or employee', async () => {
    const inbox = await createInbox();
    const general = await arrive(inbox, { externalId: 'total-visitor' });
    const support = await arrive(inbox);
    await routeToDepartment(inbox, support, inbox.support);
    const body = { company: inbox.companyId, employee: inbox.operator.id };
    const count = await callRoute(handler, customersQueueWaitCount, { token: inbox.operator.token, body });
    expect(count.body).toEqual({ count: 1 });
    const other = await callRoute(handler, customersQueueWaitCount, {
      token: inbox.operator.token,
      body: { ...body, company: newObjectId() },
    });
    expect(other.status).toBe(403);
    await callRoute(handler, assignConversation, { token: inbox.operator.token, params: { id: general } });
    await deliverInbound(inboundText(inbox, { externalId: 'total-visitor', text: 'de novo' }));
    const totals = await callRoute(customersHandler, customersTotalMessages, {
      token: inbox.operator.token,
      params: { companyId: inbox.companyId, employeeId: inbox.operator.id },
    });
    expect(totals.body).toEqual({ totalNewMessages: 2 });
    const foreign = await callRoute(customersHandler, customersTotalMessages, {
      token: inbox.operator.token,
      params: { companyId: newObjectId(), employeeId: inbox.operator.id },
    });
    expect(foreign.status).toBe(403);
  });
});
