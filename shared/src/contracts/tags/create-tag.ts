import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { tagBody, tagView } from './views.ts';

export const createTag = defineRoute({
  id: 'tags.create',
  method: 'POST',
  path: '/tags',
  domain: 'tags',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  body: tagBody,
  response: tagView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
