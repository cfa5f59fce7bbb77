import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { CONTACTS_ACCESS } from './access.ts';
import { contactView } from './views.ts';

/**
 * Spec point 3 search filters. `search` matches a name prefix (accent and case insensitive, any word of the
 * name), or exactly a phone (any notation, normalized to E.164) or an e-mail. `tags` is a comma-separated
 * list of tag ids (a contact with every listed tag); `smart_tag` one smart tag's members. `cursor` is the `next_cursor` of the previous page.
 */
export const listContactsQuery = z.object({
  search: z.string().trim().max(120).optional(),
  tags: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : []))
    .pipe(z.array(objectId).max(20)),
  wallet: objectId.optional(),
  /** Only the contacts a smart tag currently holds. */
  smart_tag: objectId.optional(),
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const listContactsResponse = z.object({
  contacts: z.array(contactView),
  next_cursor: z.string().nullable(),
});

export const listContacts = defineRoute({
  id: 'contacts.list',
  method: 'GET',
  path: '/contacts',
  domain: 'contacts',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  query: listContactsQuery,
  response: listContactsResponse,
});
