import {
  type InboundMessage,
  type InboundStatus,
  UNVERIFIED_SENDER_PREFIX,
} from '@atende/shared/channels/inbound';
import { newObjectId } from '@atende/shared/domain/object-id';
import { readSettings } from '../company/settings-reader.ts';
import { type CompanyItem, readCompanyItemCached } from '../company/store.ts';
import {
  findOrCreateCustomer,
  getCustomer,
  touchInteraction,
  type CustomerRecord,
} from '../contacts/customer-record.ts';
import { type CampaignOrigin, campaignOrigin } from '../campaigns/inbound.ts';
import { botAssistant } from '../ai/bot-assistant.ts';
import { runBotTurn, startsInBot } from '../flows/bot.ts';
import { NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { deliver } from '../outbound/delivery.ts';
import { publishMessageStatus, publishNewCall, publishNewMessage } from './events.ts';
import { findIntegration, type IntegrationInfo } from './integrations.ts';
import { findByProviderId, moveStatus } from './message-store.ts';
import { arrivalDecision, protocolDay, timezoneOf } from './queue-rules.ts';
import { type ConversationRecord, pickMessageView } from './records.ts';
import { appendMessage, createConversation, getConversation, nextProtocol } from './store.ts';
import { inboundMessageRecord, newConversation } from './arrivals.ts';
import { answerEvaluation } from './evaluation-answer.ts';

/** A status about a message we have not linked yet may be racing the send; later than this it is foreign. */
const STATUS_RACE_MS = 5 * 60_000;

export class RetryLater extends Error {}

/** The company's settings and channel entries, as read by every message (a few seconds' cache, see store.ts). */
async function companyOf(companyId: string): Promise<CompanyItem | undefined> {
  try {
    return await readCompanyItemCached(companyId);
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

/**
 * The customer's open conversation, or a new one (a new protocol) when they have none: in the queue, or,
 * outside office hours with the reject setting, closed at once with the company's auto reply.
 */
async function conversationFor(
  company: CompanyItem,
  event: InboundMessage,
  customer: CustomerRecord,
  now: Date,
  campaign: () => Promise<CampaignOrigin | undefined>,
): Promise<{ conversation: ConversationRecord; created: boolean; reply?: string }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder = attempt === 0 ? customer : await getCustomer(event.companyId, customer._id);
    const open = holder?.open_conversation
      ? await getConversation(event.companyId, holder.open_conversation)
      : undefined;
    if (open && open.status !== 'closed') return { conversation: open, created: false };
    const origin = await campaign();
    const timeZone = timezoneOf(company);
    const decision = arrivalDecision(readSettings(company), now, timeZone);
    const protocol = await nextProtocol(event.companyId, protocolDay(now, timeZone));
    // A reply to a campaign is marked with it, and goes to the campaign's department or flow when it names one.
    const base = newConversation(
      company,
      event,
      holder ?? customer,
      protocol,
      decision.kind === 'reject'
        ? 'closed'
        : origin?.flow ||
            (!origin?.department && (await startsInBot(event.companyId, company, event.integrationId)))
          ? 'bot'
          : 'queue',
      now.toISOString(),
    );
    const record = origin
      ? {
          ...base,
          origin: { type: 'campaign' as const, campaign: origin.campaign },
          department: origin.department ?? base.department,
        }
      : base;
    if (await createConversation(record)) {
      return {
        conversation: record,
        created: true,
        ...(decision.kind === 'reject' ? { reply: decision.reply } : {}),
      };
    }
  }
  throw new Error(`customer ${customer._id} kept changing while opening a conversation`);
}

/**
 * Who the customer is: the sender as the channel names them, or, for an e-mail that failed SPF/DKIM/DMARC, a
 * customer of its own under an unverified identity, so a forged From never lands on the real contact.
 */
function senderIdentity(event: InboundMessage): InboundMessage['from'] {
  if (!event.suspicious) return event.from;
  const { externalId, name } = event.from;
  return { externalId: `${UNVERIFIED_SENDER_PREFIX}${externalId}`, name: name ?? externalId };
}

/** Sends the company's outside-office-hours reply as a bot message of the (closed) conversation. */
async function autoReply(
  company: CompanyItem,
  conversation: ConversationRecord,
  integration: IntegrationInfo,
  text: string,
) {
  const now = new Date().toISOString();
  const stored = await appendMessage(conversation, (sequence) => ({
    _id: newObjectId(),
    conversation: conversation._id,
    type: 'text',
    content: text,
    sent_by: 'bot',
    channel: conversation.channel,
    created_at: now,
    read: true,
    flags: ['outside_office_hours'],
    channel_metadata: { sequence },
    company: conversation.company,
    status: 'pending',
    integration: conversation.integration,
    direction: 'outbound',
  }));
  if (stored.kind === 'stored') await deliver(company, stored.conversation, integration, stored.message);
}

/**
 * One inbound message, exactly once: the provider id is claimed in the same transaction that stores it, so a
 * redelivered event stores nothing and publishes nothing.
 */
export async function handleInboundMessage(
  event: InboundMessage,
): Promise<'stored' | 'duplicate' | 'ignored'> {
  const company = await companyOf(event.companyId);
  const integration = company ? findIntegration(company, event.channel, event.integrationId) : undefined;
  if (!company || !integration) {
    logger.warn('inbound message for an unknown company or integration', {
      companyId: event.companyId,
      integrationId: event.integrationId,
      channel: event.channel,
    });
    return 'ignored';
  }
  const known = await findByProviderId(event.companyId, event.integrationId, event.providerMessageId);
  if (known) {
    // A redelivery after a failed bot turn: the turn runs now, or finds the message already answered.
    await runBotTurn({
      companyId: event.companyId,
      company,
      integration,
      conversationId: known.conversation,
      message: event,
      assistant: botAssistant,
    });
    return 'duplicate';
  }
  const now = new Date();
  // The campaign this message answers matters only to what it opens (a customer, a conversation): it is read
  // then, at most once, and not for the messages of a conversation already open.
  let campaignRead: Promise<CampaignOrigin | undefined> | undefined;
  const campaign = () => (campaignRead ??= campaignOrigin(event));
  const customer = await findOrCreateCustomer(
    event.companyId,
    { ...senderIdentity(event), channel: event.channel, integrationId: event.integrationId },
    now,
    async () => ((await campaign()) ? 'campaign' : event.channel),
    event.suspicious ? undefined : event.from.origin,
  );
  // A blacklisted contact's messages open no conversation and notify no one (issue 7, blacklist).
  if (customer.blacklisted === true) return 'ignored';
  const evaluation = await answerEvaluation(company, integration, event, customer, now);
  if (evaluation) return evaluation;
  const { conversation, created, reply } = await conversationFor(company, event, customer, now, campaign);
  const result = await appendMessage(
    conversation,
    inboundMessageRecord(event, conversation, customer, now.toISOString()),
    {
      providerMessageId: event.providerMessageId,
      unread: true,
    },
  );
  if (result.kind !== 'stored') return 'duplicate';
  await touchInteraction(event.companyId, customer._id, event.channel, event.sentAt);
  // The customer was read for this message: the frames take its channel from it.
  if (created && result.conversation.status === 'queue')
    await publishNewCall(company, result.conversation, customer);
  await publishNewMessage(company, result.conversation, pickMessageView(result.message), customer);
  if (reply) await autoReply(company, result.conversation, integration, reply);
  await runBotTurn({
    companyId: event.companyId,
    company,
    integration,
    conversationId: result.conversation._id,
    // An auto reply appended after it: the turn reads the conversation as it is now.
    ...(reply ? {} : { conversation: result.conversation }),
    message: event,
    assistant: botAssistant,
  });
  return 'stored';
}

/** A delivery status from the channel: forward only, never backwards; repeated or late ones change nothing. */
export async function handleInboundStatus(event: InboundStatus): Promise<'updated' | 'ignored'> {
  const ref = await findByProviderId(event.companyId, event.integrationId, event.providerMessageId);
  if (!ref) {
    if (Date.now() - new Date(event.at).getTime() < STATUS_RACE_MS) {
      throw new RetryLater(`status for unknown message ${event.providerMessageId}`);
    }
    return 'ignored';
  }
  const moved = await moveStatus(
    event.companyId,
    ref,
    event.status,
    event.error ? { error: event.error } : {},
  );
  if (!moved) return 'ignored';
  const company = await companyOf(event.companyId);
  const conversation = await getConversation(event.companyId, ref.conversation);
  if (company && conversation)
    await publishMessageStatus(company, conversation, moved._id, moved.status, moved.error);
  return 'updated';
}
