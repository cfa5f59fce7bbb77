import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';

/** A blocked contact (spec point 2, app/contacts/blacklist): no conversation, no notification, no campaign. */
export const blacklistEntryView = z.object({
  customer: objectId,
  full_name: z.string(),
  cel_phone: z.string().optional(),
  email: z.string().optional(),
  blocked_at: z.string(),
  blocked_by: objectId,
});
export type BlacklistEntryView = z.infer<typeof blacklistEntryView>;

export const blacklistParams = z.object({ customerId: objectId });
