import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowSummary } from './views.ts';

export const listFlowsResponse = z.object({
  flows: z.array(flowSummary),
  limit: z.number().int().nullable(),
});

/** The company's flows (a small list: plans allow a handful, unlimited ones are still bounded by people). */
export const listFlows = defineRoute({
  id: 'flows.list',
  method: 'GET',
  path: '/flows',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  response: listFlowsResponse,
});
