import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { contactsPtBR, formsPtBR } from '../../i18n/pt-BR.ts';
import { SHORTCUT_PATTERN } from '../../rules/formats.ts';

const required = formsPtBR.requiredField;

/** Spec point 3, default commands: always present, not removable. */
export const DEFAULT_COMMANDS = [
  'list_commands',
  'list_employees',
  'list_departments',
  'list_flows',
  'go_to_employee',
  'go_to_department',
  'go_to_flow',
  'end_call',
] as const;
export type DefaultCommand = (typeof DEFAULT_COMMANDS)[number];

export const commandView = z.object({
  _id: z.string(),
  /** What is typed after # in the chat box. */
  command: z.string(),
  description: z.string(),
  /** The default action it runs, or a text reply for a custom command. */
  action: z.enum([...DEFAULT_COMMANDS, 'reply']),
  reply: z.string().nullable(),
  default: z.boolean(),
});
export type CommandView = z.infer<typeof commandView>;

export const commandBody = z.object({
  command: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40)
    .regex(SHORTCUT_PATTERN, contactsPtBR.invalidShortcut),
  description: z.string({ error: required }).trim().min(1, required).max(200),
  reply: z.string({ error: required }).trim().min(1, required).max(4096),
});
/** Default commands are fixed; custom ones change freely. */
export const commandPatch = commandBody.partial();
export const commandIdParams = z.object({ id: objectId });
