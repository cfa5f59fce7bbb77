import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { contactsPtBR, formsPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

/**
 * Spec point 3, default variable properties: filled in by the server when a message is sent; listed with
 * `default: true` and no `_id` change allowed.
 */
export const DEFAULT_VARIABLES = [
  'company_name',
  'company_cnpj',
  'business_period',
  'employee_name',
  'employee_email',
  'customer_full_name',
  'customer_first_name',
  'chatbot_name',
  'protocol',
  'cache',
] as const;
export type DefaultVariable = (typeof DEFAULT_VARIABLES)[number];

/** A variable's key as typed between double braces: lowercase letters, digits, underscore. */
export const VARIABLE_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

export const variableView = z.object({
  _id: z.string(),
  key: z.string(),
  label: z.string(),
  /** A custom variable's fixed text; default ones are resolved per message. */
  value: z.string().nullable(),
  default: z.boolean(),
});
export type VariableView = z.infer<typeof variableView>;

export const variableBody = z.object({
  key: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40)
    .regex(VARIABLE_KEY_PATTERN, contactsPtBR.invalidVariableKey),
  label: z.string({ error: required }).trim().min(1, required).max(80),
  value: z.string({ error: required }).max(1000),
});
export const variablePatch = variableBody.partial();
export const variableIdParams = z.object({ id: objectId });
