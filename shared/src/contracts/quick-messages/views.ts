import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { contactsPtBR, formsPtBR } from '../../i18n/pt-BR.ts';
import { SHORTCUT_PATTERN } from '../../rules/formats.ts';

const required = formsPtBR.requiredField;

/**
 * A quick message: typed as /shortcut in the chat box. The shortcut (letters, digits, underscore; spec point
 * 5) is unique per company ignoring case; the text may hold variables such as {{customer_first_name}}.
 */
export const quickMessageView = z.object({
  _id: objectId,
  shortcut: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type QuickMessageView = z.infer<typeof quickMessageView>;

export const quickMessageBody = z.object({
  shortcut: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40)
    .regex(SHORTCUT_PATTERN, contactsPtBR.invalidShortcut),
  text: z.string({ error: required }).trim().min(1, required).max(4096),
});
export const quickMessagePatch = quickMessageBody.partial();
export const quickMessageIdParams = z.object({ id: objectId });
