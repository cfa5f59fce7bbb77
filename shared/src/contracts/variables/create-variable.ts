import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { variableBody, variableView } from './views.ts';

export const createVariable = defineRoute({
  id: 'variables.create',
  method: 'POST',
  path: '/variables',
  domain: 'variables',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  body: variableBody,
  response: variableView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
