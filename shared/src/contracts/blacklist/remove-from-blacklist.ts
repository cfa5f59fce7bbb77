import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { BLACKLIST_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { blacklistParams } from './views.ts';

export const removeFromBlacklist = defineRoute({
  id: 'blacklist.remove',
  method: 'DELETE',
  path: '/blacklist/{customerId}',
  domain: 'blacklist',
  auth: 'employee',
  access: BLACKLIST_ACCESS,
  params: blacklistParams,
  response: z.object({ removed: objectId }),
});
