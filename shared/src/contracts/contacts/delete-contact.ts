import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { contactIdParams } from './views.ts';

export const deleteContactResponse = z.object({ deleted: objectId });

/** Admins, or managers when the company grants allow_customer_delete_manager (spec point 6). */
export const deleteContact = defineRoute({
  id: 'contacts.delete',
  method: 'DELETE',
  path: '/contacts/{id}',
  domain: 'contacts',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'allow_customer_delete_manager' },
  params: contactIdParams,
  response: deleteContactResponse,
});
