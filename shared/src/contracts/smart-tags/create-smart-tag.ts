import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';
import { smartTagBody, smartTagView } from './views.ts';

/** 201 at once with status pending: the members are computed in the background. */
export const createSmartTag = defineRoute({
  id: 'smartTags.create',
  method: 'POST',
  path: '/smart-tags',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  body: smartTagBody,
  response: smartTagView,
  successStatus: 201,
  maxBodyBytes: 65_536,
});
