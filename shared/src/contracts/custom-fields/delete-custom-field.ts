import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { CUSTOM_FIELDS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { customFieldIdParams } from './views.ts';

export const deleteCustomFieldResponse = z.object({ deleted: objectId });

export const deleteCustomField = defineRoute({
  id: 'customFields.delete',
  method: 'DELETE',
  path: '/custom-fields/{id}',
  domain: 'customFields',
  auth: 'employee',
  access: CUSTOM_FIELDS_ACCESS,
  params: customFieldIdParams,
  response: deleteCustomFieldResponse,
});
