import { type InboundMessage, SUSPICIOUS_SENDER_FLAG } from '@atende/shared/channels/inbound';
import { newObjectId } from '@atende/shared/domain/object-id';
import { readSettings } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import type { CustomerRecord } from '../contacts/customer-record.ts';
import { type ConversationRecord, type MessageRecord, searchable } from './records.ts';
import { walletOfCustomer } from './wallet-reach.ts';

/** A conversation opening for a customer's message, in the status the arrival decided. */
export function newConversation(
  company: CompanyItem,
  event: InboundMessage,
  customer: CustomerRecord,
  protocol: string,
  status: 'queue' | 'bot' | 'closed',
  now: string,
): ConversationRecord {
  const settings = readSettings(company);
  const forward = settings.chatbotForwarding;
  return {
    _id: newObjectId(),
    company: event.companyId,
    protocol,
    status,
    channel: event.channel,
    integration: event.integrationId,
    external_id: event.from.externalId,
    customer: {
      _id: customer._id,
      full_name: customer.full_name,
      ...(customer.cel_phone ? { cel_phone: customer.cel_phone } : {}),
      ...(customer.email ? { email: customer.email } : {}),
      ...(customer.avatar ? { avatar: customer.avatar } : {}),
    },
    department: forward.enabled ? forward.department : null,
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
    closed_at: status === 'closed' ? now : null,
    assigned_at: null,
    queued_at: status === 'queue' ? now : null,
    close_reason: status === 'closed' ? 'outside_office_hours' : null,
    wallet: walletOfCustomer(customer),
  };
}

/** The item of a customer's message as the conversation stores it. */
export function inboundMessageRecord(
  event: InboundMessage,
  conversation: ConversationRecord,
  customer: CustomerRecord,
  now: string,
) {
  return (): Omit<MessageRecord, 'sequence'> => ({
    _id: newObjectId(),
    conversation: conversation._id,
    type: event.media ? event.media.kind : event.channel === 'email' ? 'email' : 'text',
    content: event.media ? event.media.file_name : (event.text ?? ''),
    sent_by: 'customer',
    customer: { _id: customer._id, full_name: customer.full_name },
    channel: event.channel,
    created_at: now,
    read: false,
    flags: event.suspicious ? [SUSPICIOUS_SENDER_FLAG] : [],
    channel_metadata: {
      sent_at: event.sentAt,
      ...(event.subject ? { subject: event.subject } : {}),
      ...(event.replyTo ? { reply_to: event.replyTo } : {}),
    },
    company: event.companyId,
    ...(event.media
      ? {
          media: {
            file_name: event.media.file_name,
            file_type: event.media.kind,
            file_path: event.media.file_path,
          },
        }
      : {}),
    status: 'delivered',
    integration: event.integrationId,
    direction: 'inbound',
    provider_message_id: event.providerMessageId,
  });
}
