import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowIdParams } from './views.ts';

export const deleteFlowResponse = z.object({ deleted: objectId });

/** Refused (409) while a channel uses the flow. */
export const deleteFlow = defineRoute({
  id: 'flows.delete',
  method: 'DELETE',
  path: '/flows/{id}',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  response: deleteFlowResponse,
});
