import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowIdParams } from './views.ts';

export const publishFlowResponse = z.object({ version: z.number().int().positive() });

/**
 * Freezes the draft as the next immutable version, which new conversations then run. An invalid graph is
 * refused with 422 and the list of problems (publishRefusal in views.ts).
 */
export const publishFlow = defineRoute({
  id: 'flows.publish',
  method: 'POST',
  path: '/flows/{id}/publish',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  response: publishFlowResponse,
  successStatus: 201,
});
