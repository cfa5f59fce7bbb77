import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import type { activityBody, activityPatch } from '@atende/shared/contracts/pipelines/activity-views';
import type { boardQuery, dealBody, dealPatch } from '@atende/shared/contracts/pipelines/deal-views';
import {
  createActivity,
  createDeal,
  createPipeline,
  deletePipeline,
  getDeal,
  getPipelineBoard,
  listActivities,
  listDeals,
  listPipelines,
  updateActivity,
  updateDeal,
  updatePipeline,
} from '@atende/shared/contracts/pipelines/routes';
import type { pipelineBody, pipelinePatch } from '@atende/shared/contracts/pipelines/views';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type PipelineInput = z.input<typeof pipelineBody>;
export type PipelinePatchInput = z.input<typeof pipelinePatch>;
export type DealInput = z.input<typeof dealBody>;
export type DealPatchInput = z.input<typeof dealPatch>;
export type BoardFilters = { [K in keyof z.input<typeof boardQuery>]?: string };
export type ActivityInput = z.input<typeof activityBody>;
export type ActivityPatchInput = z.input<typeof activityPatch>;
export interface ActivityQuery {
  from?: string;
  to?: string;
  assignee?: string;
  status?: 'open' | 'done' | 'overdue';
  deal?: string;
  customer?: string;
}

export const funnelKeys = {
  all: ['funnel'] as const,
  pipelines: ['funnel', 'pipelines'] as const,
  board: (id: string, filters: BoardFilters) => ['funnel', 'board', id, filters] as const,
  boards: ['funnel', 'board'] as const,
  deals: ['funnel', 'deals'] as const,
  stageDeals: (pipeline: string, stage: string) => ['funnel', 'deals', pipeline, stage] as const,
  deal: (id: string) => ['funnel', 'deal', id] as const,
  activities: ['funnel', 'activities'] as const,
  activityList: (query: ActivityQuery) => ['funnel', 'activities', query] as const,
  employees: ['funnel', 'employees'] as const,
  tags: ['organizing', 'tags'] as const,
  contacts: (search: string) => ['funnel', 'contacts', search] as const,
};

export const funnelApi = {
  pipelines: async () => (await callRoute(listPipelines)).pipelines,
  createPipeline: (body: PipelineInput) => callRoute(createPipeline, { body }),
  updatePipeline: (id: string, body: PipelinePatchInput) =>
    callRoute(updatePipeline, { params: { id }, body }),
  deletePipeline: (id: string) => callRoute(deletePipeline, { params: { id } }),
  board: (id: string, filters: BoardFilters) =>
    callRoute(getPipelineBoard, { params: { id }, query: filters }),
  stageDeals: (pipeline: string, stage: string, cursor: string | undefined) =>
    callRoute(listDeals, { query: { pipeline, stage, cursor, limit: '50' } }),
  deal: (id: string) => callRoute(getDeal, { params: { id } }),
  createDeal: (body: DealInput) => callRoute(createDeal, { body }),
  updateDeal: (id: string, body: DealPatchInput) => callRoute(updateDeal, { params: { id }, body }),
  activities: async (query: ActivityQuery) =>
    (await callRoute(listActivities, { query: { ...query, limit: '200' } })).activities,
  createActivity: (body: ActivityInput) => callRoute(createActivity, { body }),
  updateActivity: (id: string, body: ActivityPatchInput) =>
    callRoute(updateActivity, { params: { id }, body }),
  employees: async () => (await callRoute(listEmployees, { query: { limit: '100' } })).items,
  tags: async () => (await callRoute(listTags)).tags,
  contacts: async (search: string) =>
    (await callRoute(listContacts, { query: { search: search || undefined, limit: '20' } })).contacts,
};
