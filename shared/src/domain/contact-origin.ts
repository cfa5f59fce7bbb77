import * as z from 'zod';
import { CHANNEL_TYPES } from '../channels/inbound.ts';

/**
 * How a contact came to be, set once when it is created: a first message on a channel (the channel type, the
 * site widget included), a reply to a campaign, an import, the contacts screen, the public API (an API key) or a
 * CRM's sync (persons of Pipedrive, Agendor, Nectar, Salesforce, RD Station CRM), a Shopify order's message. Contacts created before origins were recorded read as `unknown`.
 */
export const CONTACT_ORIGINS = [
  ...CHANNEL_TYPES,
  'campaign',
  'import',
  'manual',
  'api',
  'pipedrive',
  'agendor',
  'nectar',
  'salesforce',
  'rdstation',
  'shopify',
  'unknown',
] as const;
export const contactOrigin = z.enum(CONTACT_ORIGINS);
export type ContactOrigin = z.infer<typeof contactOrigin>;

export { contactOriginDetail, type ContactOriginDetail } from './contact-origin-detail.ts';
