import { customerChannelSchema, type CustomerChannel } from '@atende/shared/domain/customer';
import { batchGet, itemOf } from '../lib/dynamo/batch-get.ts';
import type { ConversationRecord } from './records.ts';
import { customerEntity } from '../contacts/entities.ts';

type Owner = Pick<ConversationRecord, 'company' | 'channel' | 'customer'>;

/** A customer record gone missing reads as the channel the conversation came through. */
const fallback = (conversation: Owner): CustomerChannel =>
  conversation.channel === 'official' ? 'whatsapp' : conversation.channel;

/**
 * The stored customers' current channel (spec point 3) for conversations of one company: a migration or a
 * validation changes it after the conversation began, so the view reads it from the customer, not the copy.
 */
export async function customerChannels(
  companyId: string,
  conversations: readonly Owner[],
): Promise<(conversation: Owner) => CustomerChannel> {
  const key = (conversation: Owner) => customerEntity.key(companyId, conversation.customer._id);
  const items = await batchGet(conversations.map(key), { attributes: ['channel'] });
  return (conversation) => {
    const parsed = customerChannelSchema.safeParse(itemOf(items, key(conversation))?.channel);
    return parsed.success ? parsed.data : fallback(conversation);
  };
}

/** A customer record the caller read for this very change (the inbound engine's), for the conversation's view. */
export interface KnownCustomer {
  _id: string;
  channel?: unknown;
}

/** The conversation's customer channel: from the customer in hand when it is the conversation's, else read. */
export async function customerChannelOf(
  conversation: Owner,
  known?: KnownCustomer,
): Promise<CustomerChannel> {
  if (known?._id === conversation.customer._id) {
    const parsed = customerChannelSchema.safeParse(known.channel);
    return parsed.success ? parsed.data : fallback(conversation);
  }
  return (await customerChannels(conversation.company, [conversation]))(conversation);
}
