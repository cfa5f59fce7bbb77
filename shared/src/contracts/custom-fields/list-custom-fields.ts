import * as z from 'zod';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { customFieldView } from './views.ts';

export const listCustomFieldsResponse = z.object({ custom_fields: z.array(customFieldView) });

export const listCustomFields = defineRoute({
  id: 'customFields.list',
  method: 'GET',
  path: '/custom-fields',
  domain: 'customFields',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  response: listCustomFieldsResponse,
});
