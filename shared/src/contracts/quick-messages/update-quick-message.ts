import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { quickMessageIdParams, quickMessagePatch, quickMessageView } from './views.ts';

export const updateQuickMessage = defineRoute({
  id: 'quickMessages.update',
  method: 'PATCH',
  path: '/quick-messages/{id}',
  domain: 'quickMessages',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  params: quickMessageIdParams,
  body: quickMessagePatch,
  response: quickMessageView,
  maxBodyBytes: 65_536,
});
