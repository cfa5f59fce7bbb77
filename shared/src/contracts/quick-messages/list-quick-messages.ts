import * as z from 'zod';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { quickMessageView } from './views.ts';

export const listQuickMessagesResponse = z.object({ quick_messages: z.array(quickMessageView) });

export const listQuickMessages = defineRoute({
  id: 'quickMessages.list',
  method: 'GET',
  path: '/quick-messages',
  domain: 'quickMessages',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  response: listQuickMessagesResponse,
});
