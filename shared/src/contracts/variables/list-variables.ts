import * as z from 'zod';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { variableView } from './views.ts';

export const listVariablesResponse = z.object({ variables: z.array(variableView) });

export const listVariables = defineRoute({
  id: 'variables.list',
  method: 'GET',
  path: '/variables',
  domain: 'variables',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  response: listVariablesResponse,
});
