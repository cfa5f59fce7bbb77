import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { formsPtBR } from '../../i18n/pt-BR.ts';
import type { AccessRule } from '../types.ts';
import { flowGraph } from './graph.ts';

const required = formsPtBR.requiredField;

/** Flows are automation: admins, and managers the company lets manage automation (spec point 6). */
export const FLOWS_ACCESS = {
  roles: ['admin', 'manager'],
  companyPermission: 'manage_automation',
} as const satisfies AccessRule;

export const flowIdParams = z.object({ id: objectId });
export const flowName = z.string({ error: required }).trim().min(1, required).max(80);
export const flowNameBody = z.object({ name: flowName });

export const flowChannel = z.object({ _id: objectId, label: z.string(), type: z.string() });

export const flowVersionEntry = z.object({
  version: z.number().int().positive(),
  published_at: z.string(),
  published_by: objectId,
});

export const flowSummary = z.object({
  _id: objectId,
  name: z.string(),
  /** draft: never published; published: a version answers conversations (the draft may be ahead of it). */
  status: z.enum(['draft', 'published']),
  published_version: z.number().int().positive().nullable(),
  /** Whether the draft differs from the published version. */
  draft_changed: z.boolean(),
  channels: z.array(flowChannel),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlowSummary = z.infer<typeof flowSummary>;

export const flowDetail = flowSummary.extend({
  draft: flowGraph,
  versions: z.array(flowVersionEntry),
});
export type FlowDetail = z.infer<typeof flowDetail>;

export const flowProblemView = z.object({
  code: z.string(),
  nodeId: z.string().optional(),
  optionId: z.string().optional(),
  message: z.string(),
});

/** The 422 body of a refused publish. */
export const publishRefusal = z.object({
  message: z.string(),
  code: z.literal('invalid_flow'),
  problems: z.array(flowProblemView),
});
export type PublishRefusal = z.infer<typeof publishRefusal>;
