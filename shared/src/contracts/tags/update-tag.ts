import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { tagIdParams, tagPatch, tagView } from './views.ts';

export const updateTag = defineRoute({
  id: 'tags.update',
  method: 'PATCH',
  path: '/tags/{id}',
  domain: 'tags',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  params: tagIdParams,
  body: tagPatch,
  response: tagView,
  maxBodyBytes: 65_536,
});
