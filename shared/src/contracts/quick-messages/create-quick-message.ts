import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { quickMessageBody, quickMessageView } from './views.ts';

export const createQuickMessage = defineRoute({
  id: 'quickMessages.create',
  method: 'POST',
  path: '/quick-messages',
  domain: 'quickMessages',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  body: quickMessageBody,
  response: quickMessageView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
