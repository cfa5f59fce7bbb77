import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowDetail, flowNameBody } from './views.ts';

/** A new flow with a start node; refused beyond the plan's flow count (spec point 5). */
export const createFlow = defineRoute({
  id: 'flows.create',
  method: 'POST',
  path: '/flows',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  body: flowNameBody,
  response: flowDetail,
  successStatus: 201,
  maxBodyBytes: 4096,
});
