import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowDetail, flowIdParams, flowNameBody } from './views.ts';

export const renameFlow = defineRoute({
  id: 'flows.rename',
  method: 'PATCH',
  path: '/flows/{id}',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  body: flowNameBody,
  response: flowDetail,
  maxBodyBytes: 4096,
});
