import { contactOriginDetail } from '../domain/contact-origin-detail.ts';
import * as z from 'zod';
import { objectId } from '../domain/object-id.ts';

/**
 * What every channel adapter (widget, WhatsApp providers, Messenger, Instagram, Telegram, e-mail) hands to the
 * conversation engine, through the inbound FIFO queue (group = the conversation key), after verifying the
 * provider's request. The company comes from the integration the message arrived on, never from the payload.
 */
export const CHANNEL_TYPES = [
  'widget',
  'whatsapp',
  'official',
  'messenger',
  'instagram',
  'telegram',
  'email',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const inboundMedia = z.object({
  kind: z.enum(['image', 'audio', 'video', 'doc']),
  /** Object key in the media bucket (adapters copy provider media there first). */
  file_path: z.string().min(1),
  file_name: z.string().min(1),
  file_type: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
});

/**
 * A provider media object not yet copied into the media bucket: the webhook acks before downloading, and the
 * inbound consumer fetches it through the provider's adapter and fills `media` before the engine stores it.
 */
export const pendingMedia = z.object({
  provider: z.string().min(1).max(32),
  kind: z.enum(['image', 'audio', 'video', 'doc']),
  ref: z.discriminatedUnion('type', [
    z.object({ type: z.literal('id'), id: z.string().min(1).max(512) }),
    z.object({ type: z.literal('url'), url: z.string().url().max(4096) }),
  ]),
  mimeType: z.string().min(1).max(255),
  fileName: z.string().min(1).max(255),
  size: z.number().int().nonnegative().optional(),
});
export type PendingMedia = z.infer<typeof pendingMedia>;

/**
 * The identity prefix of an e-mail sender that failed authentication: a customer of its own, never the
 * contact the (possibly forged) From address belongs to, and without that address as its e-mail.
 */
export const UNVERIFIED_SENDER_PREFIX = 'unverified:';
/** The flag of such a message, which the chat shows as suspicious. */
export const SUSPICIOUS_SENDER_FLAG = 'suspicious_sender';

export const inboundMessage = z.object({
  kind: z.literal('message'),
  companyId: objectId,
  integrationId: objectId,
  channel: z.enum(CHANNEL_TYPES),
  /** The provider's own message id: the exactly-once key (with the integration). */
  providerMessageId: z.string().min(1).max(256),
  /** Who wrote, as the channel identifies them (phone, PSID, chat id, e-mail address, widget visitor id). */
  from: z.object({
    externalId: z.string().min(1).max(256),
    name: z.string().max(256).optional(),
    phone: z.string().max(32).optional(),
    email: z.string().max(320).optional(),
    /** A site-widget visitor's landing page and UTM parameters, recorded if this message creates the contact. */
    origin: contactOriginDetail.optional(),
  }),
  text: z.string().max(100_000).optional(),
  /** The id of the menu option the customer tapped (WhatsApp reply buttons and lists, Telegram keyboards). */
  buttonId: z.string().min(1).max(256).optional(),
  media: inboundMedia.optional(),
  pendingMedia: pendingMedia.optional(),
  /** Provider timestamp (ISO 8601); ordering within a conversation follows the queue, not this. */
  sentAt: z.string().datetime(),
  /** E-mail threading and replies: the provider ids this message answers. */
  replyTo: z.array(z.string()).optional(),
  subject: z.string().max(998).optional(),
  /**
   * E-mail: the sender failed SPF/DKIM/DMARC. Such a message is kept apart from the contact the From address
   * names (it could be anyone) and flagged as suspicious in the chat.
   */
  suspicious: z.boolean().optional(),
});
export type InboundMessage = z.infer<typeof inboundMessage>;

export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const inboundStatus = z.object({
  kind: z.literal('status'),
  companyId: objectId,
  integrationId: objectId,
  channel: z.enum(CHANNEL_TYPES),
  /** The provider id of the outbound message this status is about. */
  providerMessageId: z.string().min(1).max(256),
  status: z.enum(DELIVERY_STATUSES),
  at: z.string().datetime(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /**
   * The number the message went to, when the provider names it (Cloud API `recipient_id`): a campaign send
   * whose answer was lost in a crash is found by it (its message id was never recorded).
   */
  recipient: z.string().max(32).optional(),
});
export type InboundStatus = z.infer<typeof inboundStatus>;

export const inboundEvent = z.discriminatedUnion('kind', [inboundMessage, inboundStatus]);
export type InboundEvent = z.infer<typeof inboundEvent>;

/** FIFO group of an inbound event: one conversation's events keep their order. */
export const inboundGroupId = (
  event: Pick<InboundEvent, 'companyId' | 'integrationId'> & { externalId: string },
) => `${event.companyId}:${event.integrationId}:${event.externalId}`;
