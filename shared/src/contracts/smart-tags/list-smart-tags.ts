import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';
import { smartTagView } from './views.ts';

export const listSmartTagsResponse = z.object({ smart_tags: z.array(smartTagView) });

export const listSmartTags = defineRoute({
  id: 'smartTags.list',
  method: 'GET',
  path: '/smart-tags',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  response: listSmartTagsResponse,
});
