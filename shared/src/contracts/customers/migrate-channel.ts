import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

/**
 * Spec points 4, 5, 8: migrate a contact to WhatsApp. `companyId`/`company` must be the caller's company.
 * Refusals answer 400 with the spec's message; a number already held by another WhatsApp contact answers 409
 * with a message (the client then shows the duplicate-number text); a customer missing or already on WhatsApp
 * answers 404/409 without one of the spec's messages ("silently refused").
 */
export const migrateChannelBody = z.object({
  employee: objectId,
  companyId: objectId,
  company: objectId.optional(),
  customerId: objectId,
  channel: z.literal('whatsapp'),
  cel_phone: z.string().max(32).optional(),
  /** The id of the WhatsApp integration (whatsapps or official_whatsapps, without the "integration-" prefix). */
  whatsapp_integration: z.string().max(64).optional(),
  /** The modal's tick; the browser never sends the request without it. */
  confirmed: z.boolean().default(true),
});

export const migrateChannelResponse = z.object({
  _id: objectId,
  channel: z.literal('whatsapp'),
  cel_phone: z.string(),
  channel_metadata: z.object({ integration: z.string() }),
});

export const migrateChannel = defineRoute({
  id: 'customers.migrate-channel',
  method: 'PUT',
  path: '/contacts-manager/contacts/channel',
  domain: 'customers',
  auth: 'employee',
  body: migrateChannelBody,
  response: migrateChannelResponse,
  maxBodyBytes: 4096,
});
