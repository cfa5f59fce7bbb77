import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { variableIdParams } from './views.ts';

export const deleteVariableResponse = z.object({ deleted: objectId });

export const deleteVariable = defineRoute({
  id: 'variables.delete',
  method: 'DELETE',
  path: '/variables/{id}',
  domain: 'variables',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  params: variableIdParams,
  response: deleteVariableResponse,
});
