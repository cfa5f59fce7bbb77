import { defineRoute } from '../types.ts';
import { SMART_TAGS_ACCESS } from './access.ts';
import { smartTagIdParams, smartTagPatch, smartTagView } from './views.ts';

/** A changed rule sends the smart tag back to pending: its members are recomputed in the background. */
export const updateSmartTag = defineRoute({
  id: 'smartTags.update',
  method: 'PATCH',
  path: '/smart-tags/{id}',
  domain: 'smartTags',
  auth: 'employee',
  access: SMART_TAGS_ACCESS,
  params: smartTagIdParams,
  body: smartTagPatch,
  response: smartTagView,
  maxBodyBytes: 65_536,
});
