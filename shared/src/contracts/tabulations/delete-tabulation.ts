import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { tabulationIdParams } from './views.ts';

export const deleteTabulationResponse = z.object({ deleted: objectId });

export const deleteTabulation = defineRoute({
  id: 'tabulations.delete',
  method: 'DELETE',
  path: '/tabulations/{id}',
  domain: 'tabulations',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: tabulationIdParams,
  response: deleteTabulationResponse,
});
