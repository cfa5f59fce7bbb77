import { listConversations } from '@atende/shared/contracts/conversations/list-conversations';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { findOrCreateCustomer } from '../contacts/customer-record.ts';
import { clients } from '../lib/clients.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { handler as consumer } from './inbound-consumer.ts';
import { findByProviderId, getMessage, linkProviderId } from './message-store.ts';
import { appendMessage, getConversation } from './store.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  setSettings,
  sqsEvent,
  sqsRecord,
} from './test-inbox.ts';

let inbox: Inbox;
const sent: string[] = [];

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
  replaceChannelSender('widget', async (message) => {
    sent.push(message.content);
    return { providerMessageId: `widget-out-${message._id}` };
  });
});

beforeEach(() => {
  sent.length = 0;
});

async function queue(token: string, search?: string) {
  const response = await callRoute(handler, listConversations, {
    token,
    query: { tab: 'queue', ...(search ? { search } : {}) },
  });
  return (response.body as { items: ConversationView[] }).items;
}

async function messagesOf(conversationId: string, token = inbox.admin.token) {
  const response = await callRoute(handler, listMessages, { token, params: { id: conversationId } });
  return (response.body as { items: MessageView[] }).items;
}

describe('inbound consumer', () => {
  it('turns a first message into a customer, a queued conversation with a protocol, and the message', async () => {
    const event = inboundText(inbox, { externalId: 'first-visitor', text: 'Bom dia' });
    expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
    const [conversation] = await queue(inbox.admin.token, 'maria');
    expect(conversation).toMatchObject({
      status: 'queue',
      channel: 'widget',
      integration: inbox.widget,
      customer: { full_name: 'Maria Cliente' },
      unread: 1,
      last_message: { content: 'Bom dia', sent_by: 'customer' },
    });
    expect(conversation?.protocol).toMatch(/^\d{8}\d{6}$/);
    const messages = await messagesOf(conversation?._id as string);
    expect(messages.map((message) => message.content)).toEqual(['Bom dia']);
  });

  it('stores a redelivered message once (same integration and provider id)', async () => {
    const event = inboundText(inbox, { externalId: 'redelivered', text: 'Só uma vez' });
    await deliverInbound(event);
    await deliverInbound(event);
    await consumer(sqsEvent([sqsRecord(event), sqsRecord(event)]));
    const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
    const conversation = await getConversation(inbox.companyId, ref?.conversation as string);
    expect(conversation?.message_seq).toBe(1);
    expect((await messagesOf(conversation?._id as string)).map((message) => message.content)).toEqual([
      'Só uma vez',
    ]);
  });

  it('keeps the order of a conversation and appends to the open conversation', async () => {
    const texts = ['um', 'dois', 'três', 'quatro', 'cinco'];
    await deliverInbound(...texts.map((text) => inboundText(inbox, { externalId: 'ordered', text })));
    const [conversation] = (await queue(inbox.admin.token)).filter(
      (item) => item.last_message?.content === 'cinco',
    );
    const messages = await messagesOf(conversation?._id as string);
    expect(messages.map((message) => message.content)).toEqual([...texts].reverse());
  });

  it('creates one customer for the same channel identity arriving twice at once', async () => {
    const identity = {
      channel: 'widget' as const,
      integrationId: inbox.widget,
      externalId: 'racing-visitor',
      name: 'Ana',
    };
    const customers = await Promise.all(
      Array.from({ length: 6 }, () => findOrCreateCustomer(inbox.companyId, identity, new Date())),
    );
    expect(new Set(customers.map((customer) => customer._id)).size).toBe(1);
  });

  it('reports a failing record and the rest of its group, and runs the other groups', async () => {
    const unknownStatus = {
      kind: 'status' as const,
      companyId: inbox.companyId,
      integrationId: inbox.widget,
      channel: 'widget' as const,
      providerMessageId: 'never-sent',
      status: 'delivered' as const,
      at: new Date().toISOString(),
    };
    const first = sqsRecord(unknownStatus, 'fails');
    const sameGroup = sqsRecord({ ...unknownStatus, status: 'read' }, 'held-back');
    const other = sqsRecord(inboundText(inbox, { externalId: 'other-group', text: 'independente' }), 'runs');
    const result = await consumer(sqsEvent([first, sameGroup, other]));
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual([
      'fails',
      'held-back',
    ]);
    expect(
      (await queue(inbox.admin.token)).some((item) => item.last_message?.content === 'independente'),
    ).toBe(true);
  });

  it("reads a batch's records together: one request per step for ten conversations, not one per record", async () => {
    const visitors = Array.from({ length: 10 }, (_, index) => `batch-visitor-${index}`);
    for (const externalId of visitors)
      await deliverInbound(inboundText(inbox, { externalId, text: 'Primeira' }));
    const events = visitors.map((externalId) =>
      inboundText(inbox, { externalId, text: `Segunda ${externalId}` }),
    );
    const document = clients().document;
    const send = document.send.bind(document);
    const reads: string[] = [];
    const spy = vi.spyOn(document, 'send').mockImplementation(((
      command: { constructor: { name: string } },
      ...rest: unknown[]
    ) => {
      if (command instanceof GetCommand || command instanceof BatchGetCommand)
        reads.push(command.constructor.name);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof document.send);
    try {
      expect(await consumer(sqsEvent(events.map((event) => sqsRecord(event))))).toEqual({
        batchItemFailures: [],
      });
    } finally {
      spy.mockRestore();
    }
    // Its message id, the sender's identity, the customer, a pending evaluation, the open conversation: five
    // steps, each one BatchGetItem for the ten records (GetItems one record at a time were fifty).
    expect(reads.length).toBeLessThanOrEqual(6);
    expect(reads.every((name) => name === BatchGetCommand.name)).toBe(true);
    for (const event of events) {
      const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
      const conversation = await getConversation(inbox.companyId, ref?.conversation as string);
      expect(conversation?.message_seq).toBe(2);
    }
  });

  it('moves delivery statuses forward only', async () => {
    const event = inboundText(inbox, { externalId: 'status-visitor' });
    await deliverInbound(event);
    const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
    const conversation = await getConversation(inbox.companyId, ref?.conversation as string);
    if (!conversation) throw new Error('conversation not stored');
    const stored = await appendMessage(conversation, (sequence) => ({
      _id: '0'.repeat(23) + String(sequence),
      conversation: conversation._id,
      type: 'text',
      content: 'resposta',
      sent_by: 'operator',
      channel: 'widget',
      created_at: new Date().toISOString(),
      read: true,
      flags: [],
      channel_metadata: {},
      company: inbox.companyId,
      status: 'sent',
      integration: inbox.widget,
      direction: 'outbound',
      provider_message_id: 'out-1',
    }));
    if (stored.kind !== 'stored') throw new Error('not stored');
    await linkProviderId(inbox.companyId, inbox.widget, 'out-1', stored.message);
    const status = (value: 'delivered' | 'read' | 'sent' | 'failed') => ({
      kind: 'status' as const,
      companyId: inbox.companyId,
      integrationId: inbox.widget,
      channel: 'widget' as const,
      providerMessageId: 'out-1',
      status: value,
      at: new Date().toISOString(),
    });
    const read = async () =>
      (await getMessage(inbox.companyId, conversation._id, stored.message.sequence))?.status;
    await deliverInbound(status('read'));
    expect(await read()).toBe('read');
    await deliverInbound(status('delivered'));
    await deliverInbound(status('sent'));
    await deliverInbound(status('failed'));
    expect(await read()).toBe('read');
  });

  it('answers outside office hours with the reject message and closes the conversation', async () => {
    const closedInbox = await createInbox();
    await setSettings(closedInbox.companyId, {
      officeHours: { enabled: true, weekly: [] },
      queue: { outsideOfficeHours: 'reject', rejectMessage: 'Estamos fechados.' },
    });
    const event = inboundText(closedInbox, { externalId: 'night-visitor' });
    await deliverInbound(event);
    expect(sent).toEqual(['Estamos fechados.']);
    const ref = await findByProviderId(closedInbox.companyId, closedInbox.widget, event.providerMessageId);
    const conversation = await getConversation(closedInbox.companyId, ref?.conversation as string);
    expect(conversation).toMatchObject({
      status: 'closed',
      close_reason: 'outside_office_hours',
      message_seq: 2,
    });
    await deliverInbound(inboundText(closedInbox, { externalId: 'night-visitor' }));
    expect(sent).toEqual(['Estamos fechados.', 'Estamos fechados.']);
  });
});
