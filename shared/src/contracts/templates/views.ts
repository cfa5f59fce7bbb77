import * as z from 'zod';
import { TEMPLATE_STATUSES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';

export const templateStatus = z.enum(TEMPLATE_STATUSES);

/**
 * A WhatsApp template message of an official integration (spec point 4): only APPROVED ones can be sent.
 * `body` is the template's text with its {{n}} placeholders, for the picker's preview.
 */
export const templateView = z.object({
  _id: objectId,
  integration: objectId,
  name: z.string(),
  language: z.string(),
  status: templateStatus,
  category: z.string().optional(),
  body: z.string(),
  /** A text header's text, with its own {{n}} placeholders (sent as the header component's parameters). */
  header: z.string().optional(),
  /** The provider's own id (Gupshup sends templates by id). */
  provider_template_id: z.string().optional(),
  /** 'provider' when synced, 'manual' when registered by hand (providers without a template API here). */
  source: z.enum(['provider', 'manual']),
  updated_at: z.string(),
});
export type TemplateView = z.infer<typeof templateView>;

export const templateListResponse = z.object({ items: z.array(templateView) });
export type TemplateListResponse = z.infer<typeof templateListResponse>;

/** An integration id, with or without the company entry's 'integration-' prefix. */
export const integrationRef = z
  .string()
  .trim()
  .transform((value) => value.replace(/^integration-/, ''))
  .pipe(objectId);

export const templateName = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,512}$/, { message: 'use letras minúsculas, números e _' });

export const registerTemplateBody = z.object({
  integration: integrationRef,
  name: templateName,
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/)
    .default('pt_BR'),
  status: templateStatus.default('APPROVED'),
  category: z.string().trim().max(40).optional(),
  body: z.string().trim().min(1).max(1024),
  provider_template_id: z.string().trim().min(1).max(128).optional(),
});
export type RegisterTemplateBody = z.infer<typeof registerTemplateBody>;
