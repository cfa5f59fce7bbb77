import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS, flowDetail } from './views.ts';

export const flowVersionParams = z.object({ id: objectId, version: z.coerce.number().int().positive() });

/** Copies a published version back into the draft (publish it again to make it live). */
export const restoreFlowVersion = defineRoute({
  id: 'flows.restoreVersion',
  method: 'POST',
  path: '/flows/{id}/versions/{version}/restore',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowVersionParams,
  response: flowDetail,
});
