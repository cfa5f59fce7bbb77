import { CUSTOM_FIELDS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { customFieldBody, customFieldView } from './views.ts';

export const createCustomField = defineRoute({
  id: 'customFields.create',
  method: 'POST',
  path: '/custom-fields',
  domain: 'customFields',
  auth: 'employee',
  access: CUSTOM_FIELDS_ACCESS,
  body: customFieldBody,
  response: customFieldView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
