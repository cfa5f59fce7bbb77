import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { flowGraph } from './graph.ts';
import { FLOWS_ACCESS, flowIdParams } from './views.ts';

export const saveFlowDraftResponse = z.object({ _id: z.string(), updated_at: z.string() });

/** Replaces the draft (the builder autosaves it); published versions are never touched. */
export const saveFlowDraft = defineRoute({
  id: 'flows.saveDraft',
  method: 'PUT',
  path: '/flows/{id}/draft',
  domain: 'flows',
  auth: 'employee',
  access: FLOWS_ACCESS,
  params: flowIdParams,
  body: flowGraph,
  response: saveFlowDraftResponse,
  maxBodyBytes: 393_216,
});
