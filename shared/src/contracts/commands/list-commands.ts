import * as z from 'zod';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { commandView } from './views.ts';

export const listCommandsResponse = z.object({ commands: z.array(commandView) });

export const listCommands = defineRoute({
  id: 'commands.list',
  method: 'GET',
  path: '/commands',
  domain: 'commands',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  response: listCommandsResponse,
});
