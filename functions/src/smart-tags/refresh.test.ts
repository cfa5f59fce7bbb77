import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { createSmartTag } from '@atende/shared/contracts/smart-tags/create-smart-tag';
import { getSmartTag } from '@atende/shared/contracts/smart-tags/get-smart-tag';
import { updateSmartTag } from '@atende/shared/contracts/smart-tags/update-smart-tag';
import { listSmartTagContacts } from '@atende/shared/contracts/smart-tags/list-smart-tag-contacts';
import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setCompany } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { createInbox, deliverInbound, type Inbox, inboundText } from '../conversations/test-inbox.ts';
import { getCustomer } from '../contacts/customer-record.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { handler } from './handler.ts';
import { type RefreshMessage, refreshMessage } from './queue.ts';
import { runRefresh } from './refresh.ts';
import { refreshCompanySmartTags } from './run-start.ts';
import { queueDailyRefresh } from './schedule.ts';
import { fakeRefreshQueue } from './test-queue.ts';

/** Smart tags follow contacts and conversations through their domain events. */
const drainEvents = domainEventDrain();
let inbox: Inbox;
let queue: ReturnType<typeof fakeRefreshQueue>;

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
});

beforeEach(() => {
  queue = fakeRefreshQueue();
});

const create = async (name: string, conditions: unknown[], match: 'all' | 'any' = 'all') => {
  const answer = await callRoute(handler, createSmartTag, {
    token: inbox.admin.token,
    body: { name, color: '#336699', match, conditions },
  });
  expect(answer.status).toBe(201);
  return answer.body as SmartTagView;
};

const view = async (id: string) =>
  (await callRoute(handler, getSmartTag, { token: inbox.admin.token, params: { id } })).body as SmartTagView;

const members = async (id: string) =>
  (
    (await callRoute(handler, listSmartTagContacts, { token: inbox.admin.token, params: { id } })).body as {
      contacts: ContactView[];
    }
  ).contacts
    .map((contact) => contact.full_name)
    .sort();

const DAY = 86_400_000;

describe('smart tags over conversation activity', () => {
  it('moves a contact between "talked to us" and "no contact in 30 days" as conversations open and close', async () => {
    const tabulation = { _id: newObjectId(), label: 'Venda realizada', name: 'venda-realizada' };
    await setCompany(inbox.companyId, { tabulations: [tabulation] });
    await callRoute(contactsHandler, createContact, {
      token: inbox.admin.token,
      body: { full_name: 'Sem Conversa' },
    });
    await drainEvents();
    const talked = await create('Conversou', [
      { field: 'conversations_count', operator: 'greater_or_equal', value: 1 },
    ]);
    const quiet = await create('Sumidos', [
      { field: 'last_conversation_at', operator: 'not_within_last_days', value: 30 },
    ]);
    const sold = await create('Compraram', [
      { field: 'last_tabulation', operator: 'equals', value: tabulation._id },
    ]);
    expect(quiet.time_based).toBe(true);
    await queue.drain();
    expect(await members(talked._id)).toEqual([]);
    expect(await members(quiet._id)).toEqual(['Sem Conversa']);

    await deliverInbound(
      inboundText(inbox, {
        externalId: 'visitante-1',
        from: { externalId: 'visitante-1', name: 'Maria Cliente' },
      }),
    );
    await drainEvents();
    expect(await members(talked._id)).toEqual(['Maria Cliente']);
    expect(await members(quiet._id)).toEqual(['Sem Conversa']);
    expect(await members(sold._id)).toEqual([]);

    const maria = (
      (
        await callRoute(handler, listSmartTagContacts, {
          token: inbox.admin.token,
          params: { id: talked._id },
        })
      ).body as { contacts: ContactView[] }
    ).contacts[0] as ContactView;
    const open = (await getCustomer(inbox.companyId, maria._id))?.open_conversation as string;
    const closed = await callRoute(conversationsHandler, closeConversation, {
      token: inbox.admin.token,
      params: { id: open },
      body: { tabulation: tabulation._id },
    });
    await drainEvents();
    expect(closed.status).toBe(200);
    expect(await members(sold._id)).toEqual(['Maria Cliente']);
    expect((await view(sold._id)).members_count).toBe(1);

    const later = new Date(Date.now() + 31 * DAY);
    const { queued } = await queueDailyRefresh();
    expect(queued).toBe(1);
    const [message] = queue.pending.splice(0).map((body) => refreshMessage.parse(JSON.parse(body)));
    expect(message).toMatchObject({ kind: 'refresh', smartTagId: quiet._id });
    expect((await view(quiet._id)).status).toBe('pending');
    expect(
      await runRefresh(message as Extract<RefreshMessage, { kind: 'refresh' }>, { now: () => later }),
    ).toBe('done');
    expect(await members(quiet._id)).toEqual(['Maria Cliente', 'Sem Conversa']);
    expect(await view(quiet._id)).toMatchObject({ status: 'ready', members_count: 2 });
  });
});

describe('a refresh run', () => {
  it('resumes from its checkpoint when time runs short, and runs a message only once', async () => {
    for (const name of ['Paula 1', 'Paula 2', 'Paula 3']) {
      await callRoute(contactsHandler, createContact, {
        token: inbox.admin.token,
        body: { full_name: name },
      });
      await drainEvents();
    }
    const tag = await create('Paulas', [{ field: 'full_name', operator: 'starts_with', value: 'paula' }]);
    const [first] = queue.pending.splice(0).map((body) => refreshMessage.parse(JSON.parse(body)));
    const message = first as Extract<RefreshMessage, { kind: 'refresh' }>;
    let calls = 0;
    // Time runs out after the first page: the run queues its own continuation.
    expect(
      await runRefresh(message, {
        pageSize: 2,
        remainingMs: () => (calls++ === 0 ? Number.POSITIVE_INFINITY : 0),
      }),
    ).toBe('continued');
    expect(queue.pending).toHaveLength(1);
    const halfway = await view(tag._id);
    expect(halfway.status).toBe('running');
    expect(halfway.progress.processed).toBeGreaterThan(0);
    expect(await queue.drain()).toBe(1);
    expect(await view(tag._id)).toMatchObject({ status: 'ready', members_count: 3 });
    expect(await runRefresh(message)).toBe('skipped');
  });

  it('leaves a run superseded by an edit to the newer run', async () => {
    const tag = await create('Paula 1', [{ field: 'full_name', operator: 'equals', value: 'paula 1' }]);
    const [old] = queue.pending.splice(0).map((body) => refreshMessage.parse(JSON.parse(body)));
    await callRoute(handler, updateSmartTag, {
      token: inbox.admin.token,
      params: { id: tag._id },
      body: { conditions: [{ field: 'full_name', operator: 'equals', value: 'paula 2' }] },
    });
    expect(await runRefresh(old as Extract<RefreshMessage, { kind: 'refresh' }>)).toBe('skipped');
    expect(await members(tag._id)).toEqual([]);
    await queue.drain();
    expect(await members(tag._id)).toEqual(['Paula 2']);
  });

  it('queues every smart tag of the company after an import', async () => {
    await refreshCompanySmartTags(inbox.companyId);
    const messages = queue.pending.map((body) => refreshMessage.parse(JSON.parse(body)));
    expect(messages.length).toBe(5);
    await queue.drain();
    expect((await view(messages[0]?.smartTagId as string)).status).toBe('ready');
  });
});
