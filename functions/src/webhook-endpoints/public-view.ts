import type { DomainEvent } from '@atende/shared/events/index';
import type { contactEventView } from '@atende/shared/events/contacts';
import type { conversationEventView } from '@atende/shared/events/conversations';
import type * as z from 'zod';
import { customerChannelOf } from '../conversations/customer-channels.ts';

type EventConversation = z.infer<typeof conversationEventView>;
type EventContact = z.infer<typeof contactEventView>;

/**
 * A webhook's `data` carries each entity as the public API's GET answers it (the contract test holds them to
 * the same schemas): a contact is sent unmasked (an API key reads with an admin's reach), and a conversation's
 * customer gets its current channel, which the stored copy in the event may lack.
 */
export async function publicData(event: DomainEvent): Promise<unknown> {
  if (event.type === 'contact.created' || event.type === 'contact.deleted') {
    return { ...event.data, contact: publicContact(event.data.contact) };
  }
  if (event.type === 'contact.updated') {
    return {
      ...event.data,
      contact: publicContact(event.data.contact),
      previous: publicContact(event.data.previous),
    };
  }
  if ('conversation' in event.data) {
    return { ...event.data, conversation: await withChannel(event.company_id, event.data.conversation) };
  }
  return event.data;
}

/** The event's contact as GET /contacts/{id} answers it: `origin` and `origin_detail` are the analytics ledger's, not the API's. */
function publicContact({ origin: _origin, origin_detail: _detail, ...contact }: EventContact) {
  return { ...contact, masked: false };
}

async function withChannel(companyId: string, conversation: EventConversation) {
  if (conversation.customer.channel) return conversation;
  const channel = await customerChannelOf({
    company: companyId,
    channel: conversation.channel,
    customer: conversation.customer,
  });
  return { ...conversation, customer: { ...conversation.customer, channel } };
}
