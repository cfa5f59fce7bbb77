import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';
import { smartTagIdParams } from './views.ts';

export const deleteSmartTagResponse = z.object({ deleted: objectId });

export const deleteSmartTag = defineRoute({
  id: 'smartTags.delete',
  method: 'DELETE',
  path: '/smart-tags/{id}',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  params: smartTagIdParams,
  response: deleteSmartTagResponse,
});
