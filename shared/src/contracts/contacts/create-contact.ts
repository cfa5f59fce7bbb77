import { defineRoute } from '../types.ts';
import { CONTACTS_ACCESS } from './access.ts';
import { contactFields, contactView } from './views.ts';

/** 409 (field cel_phone or email) when another contact of the company already holds the phone or e-mail. */
export const createContactBody = contactFields;

export const createContact = defineRoute({
  id: 'contacts.create',
  method: 'POST',
  path: '/contacts',
  domain: 'contacts',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  body: createContactBody,
  response: contactView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
