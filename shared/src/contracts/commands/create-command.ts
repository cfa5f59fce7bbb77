import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { commandBody, commandView } from './views.ts';

export const createCommand = defineRoute({
  id: 'commands.create',
  method: 'POST',
  path: '/commands',
  domain: 'commands',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  body: commandBody,
  response: commandView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
