import { activityView } from '@atende/shared/contracts/pipelines/activity-views';
import { dealStatus, stageEntry } from '@atende/shared/contracts/pipelines/deal-fields';
import { ACTIVITY_ENTITY, DEAL_ENTITY } from '@atende/shared/contracts/pipelines/events';
import { pipelineView } from '@atende/shared/contracts/pipelines/views';
import * as z from 'zod';

/**
 * Stored shapes. Each item names its `entity`, so the DynamoDB Streams dispatcher can tell a deal's
 * images from everything else in the table and derive the deal.* events (shared contracts/pipelines/events).
 */
export const pipelineRecord = pipelineView.extend({
  entity: z.literal('pipeline'),
  company: z.string(),
  version: z.number().int(),
});
export type PipelineRecord = z.infer<typeof pipelineRecord>;

export const dealRecord = z.object({
  entity: z.literal(DEAL_ENTITY),
  _id: z.string(),
  company: z.string(),
  pipeline: z.string(),
  stage: z.string(),
  title: z.string(),
  value: z.number(),
  customer: z.string(),
  owner: z.string().nullable(),
  department: z.string().nullable(),
  conversation: z.string().nullable(),
  expected_close: z.string().nullable(),
  status: dealStatus,
  lost_reason: z.string().nullable(),
  closed_at: z.string().nullable(),
  history: z.array(stageEntry),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type DealRecord = z.infer<typeof dealRecord>;

export const activityRecord = activityView.extend({
  entity: z.literal(ACTIVITY_ENTITY),
  company: z.string(),
  /** The stage entry that created it (stage rule), so one entry never yields two activities. */
  source: z.string().nullable(),
  version: z.number().int(),
});
export type ActivityRecord = z.infer<typeof activityRecord>;
