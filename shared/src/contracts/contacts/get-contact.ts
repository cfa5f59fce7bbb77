import { defineRoute } from '../types.ts';
import { CONTACTS_ACCESS } from './access.ts';
import { contactIdParams, contactView } from './views.ts';

/** 404 for a contact of another company, or outside the viewer's wallets when wallets limit contacts. */
export const getContact = defineRoute({
  id: 'contacts.get',
  method: 'GET',
  path: '/contacts/{id}',
  domain: 'contacts',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  params: contactIdParams,
  response: contactView,
});
