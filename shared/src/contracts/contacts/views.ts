import * as z from 'zod';
import { customerChannelSchema } from '../../domain/customer.ts';
import { dataProtectionSchema } from '../../domain/data-protection.ts';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';

const required = formsPtBR.requiredField;

/** A custom field's value as stored on the contact, keyed by the custom field's `key`. */
export const customFieldValue = z.union([z.string(), z.number(), z.null()]);

/**
 * A contact as the API shows it (spec point 3, Customer, plus what issue 7 adds). `cel_phone` is E.164;
 * `cel_phone` and `email` come masked (partially or totally) when the viewer's role hides personal data.
 */
export const contactView = z.object({
  _id: objectId,
  full_name: z.string(),
  cel_phone: z.string().optional(),
  email: z.string().optional(),
  avatar: z.string().optional(),
  channel: customerChannelSchema,
  company: objectId,
  channel_metadata: z.object({ integration: z.string().optional() }),
  tags: z.array(objectId),
  /** The smart tags the contact currently matches (kept by the smart-tag runs and hooks). */
  smart_tags: z.array(objectId),
  wallet: objectId.nullable(),
  custom_fields: z.record(z.string(), customFieldValue),
  data_protection: dataProtectionSchema,
  blacklisted: z.boolean(),
  /** True when cel_phone/email were masked for this viewer (the edit form then leaves them alone). */
  masked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactView = z.infer<typeof contactView>;

export const contactIdParams = z.object({ id: objectId });

export const fullNameField = z.string({ error: required }).trim().min(1, required).max(120);
/** Any common notation; the server normalizes it to E.164 (Brazil when no country code) or answers 400. */
export const celPhoneField = z.string().trim().max(32);
export const emailField = z.string().trim().max(254);
export const avatarField = z.string().trim().max(2048);

/** Fields a create or an update may set; phone and e-mail as '' clear them on an update. */
export const contactFields = z.object({
  full_name: fullNameField,
  cel_phone: celPhoneField.optional(),
  email: emailField.optional(),
  avatar: avatarField.optional(),
  tags: z.array(objectId).max(20).optional(),
  wallet: objectId.nullable().optional(),
  custom_fields: z.record(z.string().max(64), customFieldValue).optional(),
  data_protection: dataProtectionSchema.optional(),
});
