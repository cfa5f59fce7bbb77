import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { FLOWS_ACCESS } from './views.ts';

export const setChannelFlowBody = z.object({ flow: objectId.nullable() });
export const setChannelFlowResponse = z.object({ integration: objectId, flow: objectId.nullable() });

/** The flow that answers new conversations on a channel (null: none, conversations go to the queue). */
export const setChannelFlow = defineRoute({
  id: 'flows.setChannelFlow',
  method: 'PUT',
  path: '/integrations/channels/{id}/flow',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: z.object({ id: objectId }),
  body: setChannelFlowBody,
  response: setChannelFlowResponse,
  maxBodyBytes: 1024,
});
