import * as z from 'zod';
import { MESSAGE_SENDERS } from './constants.ts';
import { objectId } from './object-id.ts';

/** Spec point 3, file kinds (also the media message types). */
export const FILE_KINDS = ['image', 'doc', 'audio', 'video'] as const;
export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

/** Channels a message travels on; whatsapp covers both the unofficial and the official providers. */
export const MESSAGING_CHANNELS = [
  'whatsapp',
  'messenger',
  'instagram',
  'telegram',
  'email',
  'widget',
] as const;
export const messagingChannelSchema = z.enum(MESSAGING_CHANNELS);
export type MessagingChannel = z.infer<typeof messagingChannelSchema>;

export const messageTypeSchema = z.enum(['text', 'email', ...FILE_KINDS]);
export const messageSenderSchema = z.enum(MESSAGE_SENDERS);

/** Spec point 3, Message. */
export const messageSchema = z.object({
  _id: objectId,
  type: messageTypeSchema,
  content: z.string(),
  sent_by: messageSenderSchema,
  employee: z.object({ _id: objectId.optional(), name: z.string() }).optional(),
  customer: z.object({ _id: objectId.optional(), full_name: z.string() }).optional(),
  channel: z.string(),
  created_at: z.iso.datetime(),
  read: z.boolean().default(false),
  flags: z.array(z.string()).default([]),
  to_department: z.string().optional(),
  channel_metadata: z.record(z.string(), z.unknown()).default({}),
  company: objectId,
});
export type Message = z.infer<typeof messageSchema>;

/** Spec point 3, send-message payload. */
export const sendMessagePayloadSchema = z.object({
  sent_by: messageSenderSchema,
  message: z.string().min(1),
  operator: objectId,
  channel: z.string(),
  templateMessage: z.boolean().default(false),
});
export type SendMessagePayload = z.infer<typeof sendMessagePayloadSchema>;

/** Spec point 3, media payload (the message of a trigger-media send). */
export const mediaPayloadSchema = z.object({
  file_name: z.string().min(1),
  file_type: fileKindSchema,
  file_path: z.string().min(1),
});
export type MediaPayload = z.infer<typeof mediaPayloadSchema>;

export const sendMediaPayloadSchema = z.object({
  sent_by: messageSenderSchema,
  message: mediaPayloadSchema,
  operator: objectId,
  channel: z.string(),
});
export type SendMediaPayload = z.infer<typeof sendMediaPayloadSchema>;

/** Spec point 3, upload record. */
export const uploadRecordSchema = z.object({
  filename: z.string().min(1),
  size: z.number().int().nonnegative(),
  file: z.string(),
  extension: z.string(),
  mimetype: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

/** Spec point 3, cached message file record (browser IndexedDB, database version 1). */
export const cachedMessageFileSchema = z.object({
  id: z.number().int().positive().optional(),
  message_id: objectId,
  file: z.string(),
  created_at: z.iso.datetime(),
});
export type CachedMessageFile = z.infer<typeof cachedMessageFileSchema>;
