import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { commandIdParams } from './views.ts';

export const deleteCommandResponse = z.object({ deleted: objectId });

export const deleteCommand = defineRoute({
  id: 'commands.delete',
  method: 'DELETE',
  path: '/commands/{id}',
  domain: 'commands',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  params: commandIdParams,
  response: deleteCommandResponse,
});
