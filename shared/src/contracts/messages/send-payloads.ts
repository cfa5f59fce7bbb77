import * as z from 'zod';
import { messageSenderSchema } from '../../domain/message.ts';
import { objectId } from '../../domain/object-id.ts';
import { channelType } from '../conversations/views.ts';

/**
 * The client's own id for one send (the web's temporary message id): a POST repeated with the same one, after a
 * lost answer, stores and sends nothing new and answers the message the first one stored.
 */
export const clientMessageId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,80}$/, 'Identificador do cliente inválido.');

const templateParamList = z.array(z.string().max(1024)).max(20).default([]);
export const templateParamsBody = z.object({ header: templateParamList, body: templateParamList });

/** Spec point 3 send-message payload; `operator` must be the caller, `channel` the conversation's. */
export const sendTextBody = z.object({
  sent_by: messageSenderSchema.default('operator'),
  message: z.string().max(1_000_000),
  operator: objectId,
  channel: channelType,
  /** True when `message` is the name of an approved template (the only thing allowed outside the window). */
  templateMessage: z.boolean().default(false),
  /**
   * With `templateMessage`: the values of the template's `{{n}}` placeholders, header and body, in order. A value
   * may hold `{{variables}}` (contact fields, custom fields, defaults), resolved for the conversation's contact.
   */
  template_params: templateParamsBody.optional(),
  client_id: clientMessageId.optional(),
});

/**
 * Spec point 3 media payload. Path and type stay optional in the schema so their absence gets the spec's own
 * answer, 'Erro ao tentar enviar mensagem.'.
 */
export const sendMediaBody = z.object({
  sent_by: messageSenderSchema.default('operator'),
  message: z.object({
    file_name: z.string().min(1).max(256),
    file_type: z.string().max(16).optional(),
    file_path: z.string().max(1024).optional(),
  }),
  operator: objectId,
  channel: channelType,
  client_id: clientMessageId.optional(),
});

export const chatParams = z.object({ chatId: objectId });
export const groupParams = z.object({ groupId: objectId });
