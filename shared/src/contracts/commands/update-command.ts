import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { commandIdParams, commandPatch, commandView } from './views.ts';

export const updateCommand = defineRoute({
  id: 'commands.update',
  method: 'PATCH',
  path: '/commands/{id}',
  domain: 'commands',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  params: commandIdParams,
  body: commandPatch,
  response: commandView,
  maxBodyBytes: 65_536,
});
