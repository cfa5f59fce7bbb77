import * as z from 'zod';
import { CUSTOMER_CHANNELS } from './constants.ts';
import { objectId } from './object-id.ts';

/** 'undefined' is a stored value meaning the channel is still being validated (spec point 3). */
export const customerChannelSchema = z.enum(CUSTOMER_CHANNELS);
export type CustomerChannel = z.infer<typeof customerChannelSchema>;

/** Spec point 3, Customer/contact. */
export const customerSchema = z.object({
  _id: objectId,
  full_name: z.string().default(''),
  cel_phone: z.string().optional(),
  email: z.string().optional(),
  avatar: z.string().optional(),
  channel: customerChannelSchema,
  company: objectId,
  channel_metadata: z.object({ integration: z.string().optional() }).default({}),
  last_interaction_whatsapp_official: z.iso.datetime().optional(),
  last_interaction_messenger: z.iso.datetime().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Spec point 3, search filter values. */
export const SEARCH_FILTERS = ['full_name', 'email', 'cel_phone', 'tags'] as const;
export const searchFilterSchema = z.enum(SEARCH_FILTERS);
export type SearchFilter = z.infer<typeof searchFilterSchema>;
