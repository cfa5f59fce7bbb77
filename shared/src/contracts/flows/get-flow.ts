import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowDetail, flowIdParams } from './views.ts';

export const getFlow = defineRoute({
  id: 'flows.get',
  method: 'GET',
  path: '/flows/{id}',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  response: flowDetail,
});
