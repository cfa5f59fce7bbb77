import * as z from 'zod';

/** Spec point 3, Data protection (LGPD). */
export const LEGAL_BASES = [
  'consent',
  'legitimate_interest',
  'vital_interest',
  'public_interest',
  'pre_existing_contract',
  'legal_obligation',
  'none',
] as const;
export const legalBaseSchema = z.enum(LEGAL_BASES);

export const DATA_PROTECTION_CHANNELS = ['whatsapp', 'email', 'one_to_one'] as const;
export const dataProtectionChannelSchema = z.enum(DATA_PROTECTION_CHANNELS);

export const SUBSCRIPTION_STATUSES = ['opt_in', 'none'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const dataProtectionSchema = z.object({
  legal_basis: legalBaseSchema.default('none'),
  channels: z
    .array(z.object({ channel: dataProtectionChannelSchema, status: subscriptionStatusSchema }))
    .default([]),
});
export type DataProtection = z.infer<typeof dataProtectionSchema>;
