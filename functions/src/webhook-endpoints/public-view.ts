import type { DomainEvent } from '@atende/shared/events/index';
import type { conversationEventView } from '@atende/shared/events/conversations';
import type * as z from 'zod';
import { customerChannelOf } from '../conversations/customer-channels.ts';

type EventConversation = z.infer<typeof conversationEventView>;

/**
 * A webhook's `data` carries each entity as the public API's GET answers it (the contract test holds them to
 * the same schemas): a contact is sent unmasked (an API key reads with an admin's reach), and a conversation's
 * customer gets its current channel, which the stored copy in the event may lack.
 */
export async function publicData(event: DomainEvent): Promise<unknown> {
  if (event.type === 'contact.created' || event.type === 'contact.deleted') {
    return { ...event.data, contact: { ...event.data.contact, masked: false } };
  }
  if (event.type === 'contact.updated') {
    return {
      ...event.data,
      contact: { ...event.data.contact, masked: false },
      previous: { ...event.data.previous, masked: false },
    };
  }
  if ('conversation' in event.data) {
    return { ...event.data, conversation: await withChannel(event.company_id, event.data.conversation) };
  }
  return event.data;
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
