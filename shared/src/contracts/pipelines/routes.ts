import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { ACTIVITIES_ACCESS, PIPELINES_ACCESS, PIPELINES_EDIT_ACCESS } from './access.ts';
import {
  activityBody,
  activityIdParams,
  activityPatch,
  activityView,
  listActivitiesQuery,
  listActivitiesResponse,
} from './activity-views.ts';
import {
  boardQuery,
  boardView,
  dealBody,
  dealIdParams,
  dealPatch,
  dealView,
  listDealsQuery,
  listDealsResponse,
} from './deal-views.ts';
import { pipelineBody, pipelineIdParams, pipelinePatch, pipelineView } from './views.ts';

const base = { domain: 'pipelines', auth: 'employee' } as const;
const BODY_LIMIT = 65_536;

export const listPipelines = defineRoute({
  ...base,
  id: 'pipelines.list',
  method: 'GET',
  path: '/pipelines',
  access: PIPELINES_ACCESS,
  response: z.object({ pipelines: z.array(pipelineView) }),
});

export const createPipeline = defineRoute({
  ...base,
  id: 'pipelines.create',
  method: 'POST',
  path: '/pipelines',
  access: PIPELINES_EDIT_ACCESS,
  body: pipelineBody,
  response: pipelineView,
  successStatus: 201,
  maxBodyBytes: BODY_LIMIT,
});

export const getPipeline = defineRoute({
  ...base,
  id: 'pipelines.get',
  method: 'GET',
  path: '/pipelines/{id}',
  access: PIPELINES_ACCESS,
  params: pipelineIdParams,
  response: pipelineView,
});

export const updatePipeline = defineRoute({
  ...base,
  id: 'pipelines.update',
  method: 'PATCH',
  path: '/pipelines/{id}',
  access: PIPELINES_EDIT_ACCESS,
  params: pipelineIdParams,
  body: pipelinePatch,
  response: pipelineView,
  maxBodyBytes: BODY_LIMIT,
});

export const deletePipeline = defineRoute({
  ...base,
  id: 'pipelines.delete',
  method: 'DELETE',
  path: '/pipelines/{id}',
  access: PIPELINES_EDIT_ACCESS,
  params: pipelineIdParams,
  response: z.object({ deleted: objectId }),
});

export const getPipelineBoard = defineRoute({
  ...base,
  id: 'pipelines.board',
  method: 'GET',
  path: '/pipelines/{id}/board',
  access: PIPELINES_ACCESS,
  params: pipelineIdParams,
  query: boardQuery,
  response: boardView,
});

export const createDeal = defineRoute({
  ...base,
  id: 'deals.create',
  method: 'POST',
  path: '/deals',
  access: PIPELINES_ACCESS,
  body: dealBody,
  response: dealView,
  successStatus: 201,
  maxBodyBytes: BODY_LIMIT,
});

export const listDeals = defineRoute({
  ...base,
  id: 'deals.list',
  method: 'GET',
  path: '/deals',
  access: PIPELINES_ACCESS,
  query: listDealsQuery,
  response: listDealsResponse,
});

export const getDeal = defineRoute({
  ...base,
  id: 'deals.get',
  method: 'GET',
  path: '/deals/{id}',
  access: PIPELINES_ACCESS,
  params: dealIdParams,
  response: dealView,
});

export const updateDeal = defineRoute({
  ...base,
  id: 'deals.update',
  method: 'PATCH',
  path: '/deals/{id}',
  access: PIPELINES_ACCESS,
  params: dealIdParams,
  body: dealPatch,
  response: dealView,
  maxBodyBytes: BODY_LIMIT,
});

export const createActivity = defineRoute({
  ...base,
  id: 'activities.create',
  method: 'POST',
  path: '/activities',
  access: ACTIVITIES_ACCESS,
  body: activityBody,
  response: activityView,
  successStatus: 201,
  maxBodyBytes: BODY_LIMIT,
});

export const listActivities = defineRoute({
  ...base,
  id: 'activities.list',
  method: 'GET',
  path: '/activities',
  access: ACTIVITIES_ACCESS,
  query: listActivitiesQuery,
  response: listActivitiesResponse,
});

export const updateActivity = defineRoute({
  ...base,
  id: 'activities.update',
  method: 'PATCH',
  path: '/activities/{id}',
  access: ACTIVITIES_ACCESS,
  params: activityIdParams,
  body: activityPatch,
  response: activityView,
  maxBodyBytes: BODY_LIMIT,
});

/** The funnel's and the agenda's routes, listed once in the manifest. */
export const PIPELINES_ROUTES = [
  listPipelines,
  createPipeline,
  getPipeline,
  updatePipeline,
  deletePipeline,
  getPipelineBoard,
  createDeal,
  listDeals,
  getDeal,
  updateDeal,
  createActivity,
  listActivities,
  updateActivity,
] as const;
