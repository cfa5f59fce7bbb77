import * as z from 'zod';

/**
 * The parts of the Bot API `Update` the adapter reads (https://core.telegram.org/bots/api#update). Unknown
 * fields are dropped; an update of another kind (edited_message, callback_query...) parses with `message` absent.
 */
const file = {
  file_id: z.string().min(1),
  file_unique_id: z.string().optional(),
  file_size: z.number().int().nonnegative().optional(),
};

const photoSize = z.object({ ...file, width: z.number().int(), height: z.number().int() });

const chat = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string().optional(),
  username: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

const user = z.object({
  id: z.number().int(),
  is_bot: z.boolean(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
});

export const telegramMessage = z.object({
  message_id: z.number().int(),
  from: user.optional(),
  chat,
  /** Unix seconds. */
  date: z.number().int(),
  text: z.string().optional(),
  caption: z.string().optional(),
  photo: z.array(photoSize).optional(),
  document: z
    .object({ ...file, file_name: z.string().optional(), mime_type: z.string().optional() })
    .optional(),
  audio: z
    .object({
      ...file,
      duration: z.number().int(),
      file_name: z.string().optional(),
      mime_type: z.string().optional(),
      title: z.string().optional(),
    })
    .optional(),
  voice: z.object({ ...file, duration: z.number().int(), mime_type: z.string().optional() }).optional(),
  video: z
    .object({
      ...file,
      duration: z.number().int(),
      file_name: z.string().optional(),
      mime_type: z.string().optional(),
    })
    .optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  contact: z
    .object({
      phone_number: z.string(),
      first_name: z.string(),
      last_name: z.string().optional(),
      user_id: z.number().int().optional(),
    })
    .optional(),
});
export type TelegramMessage = z.infer<typeof telegramMessage>;

const inlineButton = z.object({ text: z.string(), callback_data: z.string().optional() });

/** A tap on an inline keyboard button of a message the bot sent. */
export const callbackQuery = z.object({
  id: z.string(),
  from: user,
  message: z
    .object({
      message_id: z.number().int(),
      chat,
      date: z.number().int(),
      reply_markup: z.object({ inline_keyboard: z.array(z.array(inlineButton)) }).optional(),
    })
    .optional(),
  data: z.string().optional(),
});
export type CallbackQuery = z.infer<typeof callbackQuery>;

export const telegramUpdate = z.object({
  update_id: z.number().int(),
  message: telegramMessage.optional(),
  callback_query: callbackQuery.optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

/** What every Bot API method answers (https://core.telegram.org/bots/api#making-requests). */
export const telegramResponse = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number().int(),
    description: z.string().default(''),
    parameters: z
      .object({ retry_after: z.number().int().optional(), migrate_to_chat_id: z.number().int().optional() })
      .optional(),
  }),
]);

export const sentMessage = z.object({
  message_id: z.number().int(),
  chat: z.object({ id: z.number().int() }),
});

export const telegramFile = z.object({ file_id: z.string(), file_path: z.string().optional() });
