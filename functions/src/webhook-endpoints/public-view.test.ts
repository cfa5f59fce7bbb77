import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import { getConversation } from '@atende/shared/contracts/conversations/get-conversation';
import { sendCustomerMessage } from '@atende/shared/contracts/messages/send-customer-message';
import type { DomainEvent } from '@atende/shared/events/index';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { createInbox, deliverInbound, inboundText, type Inbox } from '../conversations/test-inbox.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { domainEventDrain } from '../testing/events.ts';
import { publicData } from './public-view.ts';

/**
 * The contract: a webhook's `data` holds each entity exactly as the public API's GET route answers it (the
 * route's own response schema, no field missing or extra).
 */
const drainEvents = domainEventDrain();
let inbox: Inbox;
let events: DomainEvent[];

/** The route's response schema, refusing any key it does not declare. */
const strictly = (schema: z.ZodType | undefined): z.ZodType => {
  if (!(schema instanceof z.ZodObject)) throw new Error('the route answers no object schema');
  return schema.strict();
};

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
  await drainEvents();
  await deliverInbound(inboundText(inbox, { text: 'Quero falar com vendas' }));
  events = await drainEvents();
});

const dataOf = async (type: string) => {
  const event = events.find(
    (candidate) => candidate.type === type && candidate.company_id === inbox.companyId,
  );
  if (!event) throw new Error(`no ${type} event`);
  return (await publicData(event)) as Record<string, unknown>;
};

describe('webhook payload data is the public API view', () => {
  it('contact.created carries the contact as GET /contacts/{id} answers it', async () => {
    const { contact } = await dataOf('contact.created');
    expect(() => strictly(getContact.response).parse(contact)).not.toThrow();
    const id = (contact as { _id: string })._id;
    const got = await callRoute(contactsHandler, getContact, { token: inbox.admin.token, params: { id } });
    expect(got.status).toBe(200);
    expect(contact).toEqual(got.body);
  });

  it('conversation.opened carries the conversation in the schema of GET /conversations/{id}', async () => {
    const { conversation } = await dataOf('conversation.opened');
    expect(() => strictly(getConversation.response).parse(conversation)).not.toThrow();
    expect((conversation as { customer: { channel?: string } }).customer.channel).toBeDefined();
  });

  it('message.created carries the message in the schema the message routes answer', async () => {
    const { message } = await dataOf('message.created');
    expect(() => strictly(sendCustomerMessage.response).parse(message)).not.toThrow();
  });
});
