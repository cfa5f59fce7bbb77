import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { tmailPerson } from './views.ts';

export const searchTmailPeopleQuery = z.object({ search: z.string().trim().max(100).optional() });
export const searchTmailPeopleResponse = z.object({ people: z.array(tmailPerson) });

/** Compose's people picker: active colleagues by name or e-mail prefix, for every role (the employee list is admin-only). */
export const searchTmailPeople = defineRoute({
  id: 'tmail.people',
  method: 'GET',
  path: '/tmail/people',
  domain: 'tmail',
  auth: 'employee',
  query: searchTmailPeopleQuery,
  response: searchTmailPeopleResponse,
});
