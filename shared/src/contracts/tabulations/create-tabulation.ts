import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { tabulationLabel, tabulationView } from './views.ts';

export const createTabulationBody = z.object({ label: tabulationLabel });

export const createTabulation = defineRoute({
  id: 'tabulations.create',
  method: 'POST',
  path: '/tabulations',
  domain: 'tabulations',
  auth: 'employee',
  access: { roles: ['admin'] },
  body: createTabulationBody,
  response: tabulationView,
  successStatus: 201,
  maxBodyBytes: 4096,
});
