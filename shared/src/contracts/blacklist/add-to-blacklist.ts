import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { BLACKLIST_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { blacklistEntryView } from './views.ts';

export const addToBlacklist = defineRoute({
  id: 'blacklist.add',
  method: 'POST',
  path: '/blacklist',
  domain: 'blacklist',
  auth: 'employee',
  access: BLACKLIST_ACCESS,
  body: z.object({ customer: objectId }),
  response: blacklistEntryView,
  successStatus: 201,
  maxBodyBytes: 1024,
});
