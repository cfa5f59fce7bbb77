import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { quickMessageIdParams } from './views.ts';

export const deleteQuickMessageResponse = z.object({ deleted: objectId });

export const deleteQuickMessage = defineRoute({
  id: 'quickMessages.delete',
  method: 'DELETE',
  path: '/quick-messages/{id}',
  domain: 'quickMessages',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  params: quickMessageIdParams,
  response: deleteQuickMessageResponse,
});
