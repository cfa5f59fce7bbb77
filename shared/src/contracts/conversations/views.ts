import * as z from 'zod';
import { CHANNEL_TYPES, DELIVERY_STATUSES } from '../../channels/inbound.ts';
import { customerChannelSchema } from '../../domain/customer.ts';
import { fileKindSchema, messageSenderSchema, messageTypeSchema } from '../../domain/message.ts';
import { objectId } from '../../domain/object-id.ts';

/**
 * A conversation (a "call"): bot → queue (a department's, or the company's when none) → in_service (an
 * employee) → closed (with a service category). A customer writing after the close opens a new one.
 */
export const CONVERSATION_STATUSES = ['bot', 'queue', 'in_service', 'closed'] as const;
export const conversationStatus = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof conversationStatus>;

export const channelType = z.enum(CHANNEL_TYPES);

/**
 * The customer as a viewer may see them: phone and e-mail masked under the hide_personal_data_* permissions.
 * `channel` is the stored customer's current one (spec point 3: 'undefined' = still being validated).
 */
export const conversationCustomer = z.object({
  _id: objectId,
  full_name: z.string(),
  cel_phone: z.string().optional(),
  email: z.string().optional(),
  avatar: z.string().optional(),
  channel: customerChannelSchema,
});

export const conversationView = z.object({
  _id: objectId,
  /** Per company: the day (YYYYMMDD, company timezone) followed by that day's sequence, 6 digits. */
  protocol: z.string(),
  status: conversationStatus,
  channel: channelType,
  integration: objectId,
  customer: conversationCustomer,
  /** The department whose queue holds (or held) it; null = the company's general queue. */
  department: objectId.nullable(),
  employee: z.object({ _id: objectId, name: z.string() }).nullable(),
  tabulation: z.object({ _id: objectId, label: z.string(), name: z.string() }).nullable(),
  /** Transferred to an employee who has not answered yet (spec point 4, redistributed calls). */
  redistributed: z.boolean(),
  unread: z.number().int().nonnegative(),
  last_message: z
    .object({
      type: messageTypeSchema,
      content: z.string(),
      sent_by: messageSenderSchema,
      created_at: z.string(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string(),
  closed_at: z.string().nullable(),
  /**
   * Where the conversation came from when the product started it: a reply to a campaign message (the contact's
   * origin for the analytics ledger). Absent for conversations the customer began unprompted.
   */
  origin: z
    .object({ type: z.literal('campaign'), campaign: objectId })
    .nullable()
    .optional(),
  /** The customer's service evaluation after the close (spec point 3, chat settings), once answered. */
  evaluation: z
    .object({ grade: z.number().int().min(1).max(5), answered_at: z.string() })
    .nullable()
    .optional(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const deliveryStatus = z.enum(DELIVERY_STATUSES);

export const MEDIA_URL_EXPIRES_SECONDS = 15 * 60;

/** Spec point 3 Message, plus where it lives and how far its delivery went. */
export const messageView = z.object({
  _id: objectId,
  conversation: objectId,
  type: messageTypeSchema,
  /** Text, or for media the file name. */
  content: z.string(),
  sent_by: messageSenderSchema,
  employee: z.object({ _id: objectId, name: z.string() }).optional(),
  customer: z.object({ _id: objectId, full_name: z.string() }).optional(),
  channel: channelType,
  created_at: z.string(),
  read: z.boolean(),
  flags: z.array(z.string()),
  to_department: z.string().optional(),
  channel_metadata: z.record(z.string(), z.unknown()),
  company: objectId,
  media: z
    .object({
      file_name: z.string(),
      file_type: fileKindSchema,
      file_path: z.string(),
      /** A presigned GET of the file, valid for MEDIA_URL_EXPIRES_SECONDS from when the view was built. */
      url: z.string().optional(),
    })
    .optional(),
  /** Outbound delivery: pending → sent → delivered → read, or failed (resendable). Inbound messages: delivered. */
  status: deliveryStatus,
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  template: z.boolean().optional(),
  /** A template message's name (its `content` is then the text the customer read, parameters filled). */
  template_name: z.string().optional(),
  /** The template's parameter values as sent (a resend sends the same ones). */
  template_params: z.object({ header: z.array(z.string()), body: z.array(z.string()) }).optional(),
});
export type MessageView = z.infer<typeof messageView>;

export const conversationIdParams = z.object({ id: objectId });
