import * as z from 'zod';
import { CONTACTS_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { tagView } from './views.ts';

export const listTagsResponse = z.object({ tags: z.array(tagView) });

export const listTags = defineRoute({
  id: 'tags.list',
  method: 'GET',
  path: '/tags',
  domain: 'tags',
  auth: 'employee',
  access: CONTACTS_ACCESS,
  response: listTagsResponse,
});
