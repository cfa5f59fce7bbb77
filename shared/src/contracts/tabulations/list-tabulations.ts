import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { tabulationView } from './views.ts';

/** Every role reads them: operators pick a category when they close a conversation. */
export const listTabulationsResponse = z.object({
  tabulations: z.array(tabulationView),
  tabulation_mode: z.boolean(),
});

export const listTabulations = defineRoute({
  id: 'tabulations.list',
  method: 'GET',
  path: '/tabulations',
  domain: 'tabulations',
  auth: 'employee',
  access: { roles: 'all' },
  response: listTabulationsResponse,
});
