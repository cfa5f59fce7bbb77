import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowDetail, flowIdParams } from './views.ts';

/** A copy of the flow's draft under a new name, counted against the plan's limit. */
export const duplicateFlow = defineRoute({
  id: 'flows.duplicate',
  method: 'POST',
  path: '/flows/{id}/duplicate',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  response: flowDetail,
  successStatus: 201,
});
