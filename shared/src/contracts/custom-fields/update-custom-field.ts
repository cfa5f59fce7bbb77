import { CUSTOM_FIELDS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { customFieldIdParams, customFieldPatch, customFieldView } from './views.ts';

export const updateCustomField = defineRoute({
  id: 'customFields.update',
  method: 'PATCH',
  path: '/custom-fields/{id}',
  domain: 'customFields',
  auth: 'employee',
  access: CUSTOM_FIELDS_ACCESS,
  params: customFieldIdParams,
  body: customFieldPatch,
  response: customFieldView,
  maxBodyBytes: 65_536,
});
