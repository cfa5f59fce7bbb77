import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { contactsPtBR, formsPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export const customFieldType = z.enum(CUSTOM_FIELD_TYPES);
export type CustomFieldType = z.infer<typeof customFieldType>;

export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

export const customFieldView = z.object({
  _id: objectId,
  key: z.string(),
  label: z.string(),
  type: customFieldType,
  /** The choices of a select field. */
  options: z.array(z.string()),
  required: z.boolean(),
});
export type CustomFieldView = z.infer<typeof customFieldView>;

const options = z.array(z.string().trim().min(1).max(80)).max(100);

export const customFieldBody = z
  .object({
    key: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(40)
      .regex(CUSTOM_FIELD_KEY_PATTERN, contactsPtBR.invalidVariableKey),
    label: z.string({ error: required }).trim().min(1, required).max(80),
    type: customFieldType,
    options: options.default([]),
    required: z.boolean().default(false),
  })
  .refine((field) => field.type !== 'select' || field.options.length > 0, {
    path: ['options'],
    message: contactsPtBR.selectNeedsOptions,
  });
/** The key and type stay: values already stored depend on them. */
export const customFieldPatch = z.object({
  label: z.string().trim().min(1, required).max(80).optional(),
  options: options.optional(),
  required: z.boolean().optional(),
});
export const customFieldIdParams = z.object({ id: objectId });
