import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { variableIdParams, variablePatch, variableView } from './views.ts';

export const updateVariable = defineRoute({
  id: 'variables.update',
  method: 'PATCH',
  path: '/variables/{id}',
  domain: 'variables',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  params: variableIdParams,
  body: variablePatch,
  response: variableView,
  maxBodyBytes: 65_536,
});
