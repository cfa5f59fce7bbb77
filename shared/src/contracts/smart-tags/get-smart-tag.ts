import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';
import { smartTagIdParams, smartTagView } from './views.ts';

export const getSmartTag = defineRoute({
  id: 'smartTags.get',
  method: 'GET',
  path: '/smart-tags/{id}',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  params: smartTagIdParams,
  response: smartTagView,
});
