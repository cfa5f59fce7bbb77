import { defineRoute } from '../types.ts';
import { CONTACTS_ACCESS } from './access.ts';
import { contactFields, contactIdParams, contactView } from './views.ts';

/** Only the fields sent change; cel_phone or email '' removes it. 409 as on create. */
export const updateContactBody = contactFields.partial();

export const updateContact = defineRoute({
  id: 'contacts.update',
  method: 'PATCH',
  path: '/contacts/{id}',
  domain: 'contacts',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  params: contactIdParams,
  body: updateContactBody,
  response: contactView,
  maxBodyBytes: 65_536,
});
