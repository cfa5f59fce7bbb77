import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { tabulationIdParams, tabulationLabel, tabulationView } from './views.ts';

export const updateTabulationBody = z.object({ label: tabulationLabel });

export const updateTabulation = defineRoute({
  id: 'tabulations.update',
  method: 'PATCH',
  path: '/tabulations/{id}',
  domain: 'tabulations',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: tabulationIdParams,
  body: updateTabulationBody,
  response: tabulationView,
  maxBodyBytes: 4096,
});
