import { contactOrigin, contactOriginDetail } from '@atende/shared/domain/contact-origin';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { customFieldValue } from '@atende/shared/contracts/contacts/views';
import { customerSchema } from '@atende/shared/domain/customer';
import { dataProtectionSchema } from '@atende/shared/domain/data-protection';
import { maskSensitive, type SensitiveMaskMode } from '@atende/shared/rules/customers';
import * as z from 'zod';

/**
 * A contact as stored: the inbox's customer item with what the contacts API adds. Customers the inbox created
 * lack the additions, so each has a default.
 */
export const contactRecord = customerSchema
  .extend({
    tags: z.array(z.string()).default([]),
    smart_tags: z.array(z.string()).default([]),
    wallet: z.string().nullable().default(null),
    custom_fields: z.record(z.string(), customFieldValue).default({}),
    data_protection: dataProtectionSchema.default({ legal_basis: 'none', channels: [] }),
    blacklisted: z.boolean().default(false),
    created_at: z.string().default(''),
    updated_at: z.string().optional(),
    /** Optimistic lock of updates. */
    version: z.number().int().nonnegative().default(0),
    created_by: z.string().nullable().default(null),
    /** Set once at creation (analytics' contact origin); absent on contacts older than origins. */
    origin: contactOrigin.optional(),
    /** A site-widget contact's landing page and UTM parameters. */
    origin_detail: contactOriginDetail.optional(),
  })
  .loose();
export type ContactRecord = z.infer<typeof contactRecord>;

/**
 * A contact's channel while none of its own is known follows its phone (WhatsApp) or e-mail; with neither it
 * is 'invalid' ("Desconhecido"). Older records stored the literal 'undefined' ("Validando") for contacts that
 * had nothing to validate; they read the same way.
 */
export function settledChannel(record: Pick<ContactRecord, 'channel' | 'cel_phone' | 'email'>) {
  if (record.channel !== 'undefined' && record.channel !== 'invalid') return record.channel;
  return record.cel_phone ? 'whatsapp' : record.email ? 'email' : 'invalid';
}

export function toContactView(record: ContactRecord, mask: SensitiveMaskMode): ContactView {
  const masked = mask !== 'none' && (record.cel_phone !== undefined || record.email !== undefined);
  return {
    _id: record._id,
    full_name: record.full_name,
    ...(record.cel_phone !== undefined ? { cel_phone: maskSensitive(record.cel_phone, 'phone', mask) } : {}),
    ...(record.email !== undefined ? { email: maskSensitive(record.email, 'email', mask) } : {}),
    ...(record.avatar !== undefined ? { avatar: record.avatar } : {}),
    channel: settledChannel(record),
    company: record.company,
    channel_metadata: record.channel_metadata,
    tags: record.tags,
    smart_tags: record.smart_tags,
    wallet: record.wallet,
    custom_fields: record.custom_fields,
    data_protection: record.data_protection,
    blacklisted: record.blacklisted,
    masked,
    created_at: record.created_at,
    updated_at: record.updated_at ?? record.created_at,
  };
}
