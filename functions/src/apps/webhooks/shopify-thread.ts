import { newObjectId } from '@atende/shared/domain/object-id';
import { type CompanyItem, readCompanyItem } from '../../company/store.ts';
import {
  findByProviderId,
  getMessage,
  linkProviderId,
  moveStatus,
} from '../../conversations/message-store.ts';
import { protocolDay, timezoneOf } from '../../conversations/queue-rules.ts';
import { type ConversationRecord, type MessageRecord, searchable } from '../../conversations/records.ts';
import {
  appendMessage,
  createConversation,
  getConversation,
  nextProtocol,
} from '../../conversations/store.ts';
import { walletOfCustomer } from '../../conversations/wallet-reach.ts';
import { type CustomerRecord, findOrCreateCustomer, getCustomer } from '../../contacts/customer-record.ts';
import type { AppRecord } from '../records.ts';

/** Why a conversation the product opened only to record a shop notification is already closed. */
export const SHOPIFY_CLOSE_REASON = 'shopify_notification';

export interface ShopifyThreadSend {
  app: AppRecord;
  integrationId: string;
  /** E.164, as normalizePhone answers it. */
  phone: string;
  customerName: string;
  /** What the customer reads: the template's body with the order's values. */
  content: string;
  template: string;
  /** Unique per Shopify webhook and action: a redelivery finds the message stored the first time. */
  claim: string;
  event: string;
  /** The order's name ('#1042'): Shopify's numeric ids exceed what a JavaScript number holds exactly. */
  order: string;
}

export interface ThreadMessage {
  company: CompanyItem;
  conversation: ConversationRecord;
  message: MessageRecord;
}

/**
 * A conversation of its own for a notification sent while the customer has none open: stored closed, so no
 * operator is called for a message that needs no answer; the customer's reply opens a conversation as usual.
 */
function closedConversation(
  send: ShopifyThreadSend,
  customer: CustomerRecord,
  protocol: string,
  now: string,
): ConversationRecord {
  return {
    _id: newObjectId(),
    company: send.app.company,
    protocol,
    status: 'closed',
    channel: 'official',
    integration: send.integrationId,
    external_id: send.phone.replace(/^\+/, ''),
    customer: {
      _id: customer._id,
      full_name: customer.full_name,
      ...(customer.cel_phone ? { cel_phone: customer.cel_phone } : {}),
      ...(customer.email ? { email: customer.email } : {}),
    },
    department: null,
    employee: null,
    tabulation: null,
    redistributed: false,
    redistributed_to: null,
    unread: 0,
    last_message: null,
    message_seq: 0,
    search_text: searchable(customer.full_name, customer.cel_phone, customer.email, protocol),
    created_at: now,
    updated_at: now,
    last_activity_at: now,
    closed_at: now,
    assigned_at: null,
    queued_at: null,
    close_reason: SHOPIFY_CLOSE_REASON,
    wallet: walletOfCustomer(customer),
  };
}

/** The customer's open conversation, else a new closed one recording the notification. */
async function conversationFor(
  company: CompanyItem,
  send: ShopifyThreadSend,
  customer: CustomerRecord,
  now: Date,
): Promise<ConversationRecord> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder =
      attempt === 0 ? customer : ((await getCustomer(send.app.company, customer._id)) ?? customer);
    const open = holder.open_conversation
      ? await getConversation(send.app.company, holder.open_conversation)
      : undefined;
    if (open && open.status !== 'closed') return open;
    const protocol = await nextProtocol(send.app.company, protocolDay(now, timezoneOf(company)));
    const record = closedConversation(send, holder, protocol, now.toISOString());
    // False only when the customer's wallet changed meanwhile: read them again.
    if (await createConversation(record)) return record;
  }
  throw new Error(`customer ${customer._id} kept changing while recording a shop notification`);
}

/**
 * Stores the notification (pending) in the customer's thread before it is sent, exactly once per claim: the
 * customer is found or created by the phone (the identity their replies arrive with), then their open
 * conversation is used, or a closed one opened. A redelivered webhook finds the message stored the first time;
 * `alreadySent` tells the caller not to send it again.
 */
export async function recordShopifySend(
  send: ShopifyThreadSend,
  now = new Date(),
): Promise<ThreadMessage & { alreadySent: boolean }> {
  const company = await readCompanyItem(send.app.company);
  const companyId = send.app.company;
  const earlier = await findByProviderId(companyId, send.integrationId, send.claim);
  if (earlier) {
    const [conversation, message] = await Promise.all([
      getConversation(companyId, earlier.conversation),
      getMessage(companyId, earlier.conversation, earlier.sequence),
    ]);
    if (conversation && message) {
      if (message.status !== 'failed') {
        return { company, conversation, message, alreadySent: message.status !== 'pending' };
      }
      // Failed before (the provider was down): back to pending, as a resend does, and sent again.
      const retried = await moveStatus(companyId, earlier, 'pending', { error: null });
      return { company, conversation, message: retried ?? message, alreadySent: retried === undefined };
    }
  }
  const customer = await findOrCreateCustomer(
    companyId,
    {
      channel: 'official',
      integrationId: send.integrationId,
      externalId: send.phone.replace(/^\+/, ''),
      name: send.customerName || undefined,
      phone: send.phone,
    },
    now,
    'shopify',
  );
  const conversation = await conversationFor(company, send, customer, now);
  const stored = await appendMessage(
    conversation,
    (sequence) => ({
      _id: newObjectId(),
      conversation: conversation._id,
      type: 'text',
      content: send.content,
      sent_by: 'bot',
      channel: 'official',
      created_at: now.toISOString(),
      read: true,
      flags: ['template', 'shopify'],
      channel_metadata: {
        sequence,
        shopify: { app: send.app._id, event: send.event, order: send.order, template: send.template },
      },
      company: companyId,
      status: 'pending',
      integration: send.integrationId,
      direction: 'outbound',
    }),
    { providerMessageId: send.claim },
  );
  if (stored.kind !== 'stored') {
    // Two deliveries of one webhook raced; the other stored (and sends) it.
    const winner = await findByProviderId(companyId, send.integrationId, send.claim);
    const message = winner ? await getMessage(companyId, winner.conversation, winner.sequence) : undefined;
    if (!message) throw new Error(`shop notification ${send.claim} neither stored nor found`);
    return { company, conversation, message, alreadySent: true };
  }
  return { company, conversation: stored.conversation, message: stored.message, alreadySent: false };
}

/**
 * The provider's answer on the stored message: sent with its id (the provider's statuses then find it), or
 * failed. Open inboxes see it on their next read: announcing it live would bundle the realtime and S3 clients
 * into the shop's webhook Lambda, past its size budget.
 */
export async function settleShopifySend(
  thread: ThreadMessage,
  outcome: { providerMessageId: string } | { error: { code: string; message: string } },
): Promise<void> {
  const { conversation, message } = thread;
  const ref = { conversation: conversation._id, sequence: message.sequence };
  if ('providerMessageId' in outcome) {
    await linkProviderId(conversation.company, message.integration, outcome.providerMessageId, message);
    await moveStatus(conversation.company, ref, 'sent', {
      providerMessageId: outcome.providerMessageId,
      error: null,
    });
  } else {
    await moveStatus(conversation.company, ref, 'failed', { error: outcome.error });
  }
}
