import * as z from 'zod';
import { BLACKLIST_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { blacklistEntryView } from './views.ts';

export const listBlacklist = defineRoute({
  id: 'blacklist.list',
  method: 'GET',
  path: '/blacklist',
  domain: 'blacklist',
  auth: 'employee',
  access: BLACKLIST_ACCESS,
  response: z.object({ blacklist: z.array(blacklistEntryView) }),
});
