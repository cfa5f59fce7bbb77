import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { CONTACTS_ADMIN_ACCESS } from '../contacts/access.ts';
import { defineRoute } from '../types.ts';
import { tagIdParams } from './views.ts';

export const deleteTagResponse = z.object({ deleted: objectId });

export const deleteTag = defineRoute({
  id: 'tags.delete',
  method: 'DELETE',
  path: '/tags/{id}',
  domain: 'tags',
  auth: 'employee',
  access: CONTACTS_ADMIN_ACCESS,
  params: tagIdParams,
  response: deleteTagResponse,
});
