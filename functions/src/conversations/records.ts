import {
  conversationCustomer,
  conversationView,
  messageView,
} from '@atende/shared/contracts/conversations/views';
import type { CustomerChannel } from '@atende/shared/domain/customer';
import * as z from 'zod';

/** A conversation item as stored: the view's fields and the engine's bookkeeping. */
export const conversationRecord = conversationView.extend({
  /** A copy taken when the conversation began; the view's channel comes from the stored customer. */
  customer: conversationCustomer.partial({ channel: true }),
  company: z.string(),
  /** How the channel names the customer (the FIFO group and the identity claim use it). */
  external_id: z.string(),
  /** Messages appended so far; the next message takes sequence + 1 (optimistic lock of appends). */
  message_seq: z.number().int().nonnegative(),
  /** Lowercase, accentless name, phone, e-mail and protocol, matched by the list's search. */
  search_text: z.string(),
  assigned_at: z.string().nullable().default(null),
  queued_at: z.string().nullable().default(null),
  close_reason: z.string().nullable().default(null),
  /** Employee who received the redistributed call (pending until they answer). */
  redistributed_to: z.string().nullable().default(null),
  /** The customer's wallet, kept in step with the contact (wallet-sync.ts): who may see it under the limit. */
  wallet: z.string().nullable().default(null),
});
export type ConversationRecord = z.infer<typeof conversationRecord>;

export const messageRecord = messageView.extend({
  sequence: z.number().int().positive(),
  integration: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  provider_message_id: z.string().optional(),
});
export type MessageRecord = z.infer<typeof messageRecord>;

const VIEW_KEYS = Object.keys(conversationView.shape) as (keyof typeof conversationView.shape)[];
const MESSAGE_VIEW_KEYS = Object.keys(messageView.shape) as (keyof typeof messageView.shape)[];

export const pickConversationView = (record: ConversationRecord, customerChannel: CustomerChannel) =>
  conversationView.parse({
    ...Object.fromEntries(VIEW_KEYS.map((key) => [key, record[key]])),
    customer: { ...record.customer, channel: customerChannel },
  });

export const pickMessageView = (record: MessageRecord) =>
  messageView.parse(
    Object.fromEntries(
      MESSAGE_VIEW_KEYS.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]),
    ),
  );

export const searchable = (...parts: (string | undefined | null)[]): string =>
  parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
