import * as z from 'zod';
import { contactView } from '../contacts/views.ts';
import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';
import { smartTagIdParams } from './views.ts';

export const listSmartTagContactsQuery = z.object({
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const listSmartTagContactsResponse = z.object({
  contacts: z.array(contactView),
  next_cursor: z.string().nullable(),
});

/** The smart tag's members, paged (sensitive fields masked as in the contacts list). */
export const listSmartTagContacts = defineRoute({
  id: 'smartTags.contacts',
  method: 'GET',
  path: '/smart-tags/{id}/contacts',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  params: smartTagIdParams,
  query: listSmartTagContactsQuery,
  response: listSmartTagContactsResponse,
});
