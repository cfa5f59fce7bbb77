import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { AI_ADMIN_ACCESS } from './access.ts';
import {
  demandParams,
  demandsPage,
  demandsQuery,
  precisionQuery,
  precisionView,
  resolveDemandBody,
} from './insight-views.ts';
import { documentView } from './knowledge-views.ts';
import {
  evaluationBody,
  evaluationParams,
  evaluationsList,
  evaluationsQuery,
  evaluationView,
} from './evaluation-views.ts';

/** app/chatbot/ai/demands and app/chatbot/ai/precision: admin, AI plan feature (spec point 2). */
const base = { domain: 'ai', auth: 'employee', access: AI_ADMIN_ACCESS } as const;

export const listDemands = defineRoute({
  ...base,
  id: 'ai.demands.list',
  method: 'GET',
  path: '/ai/demands',
  query: demandsQuery,
  response: demandsPage,
});
export const resolveDemand = defineRoute({
  ...base,
  id: 'ai.demands.resolve',
  method: 'POST',
  path: '/ai/demands/{id}/resolve',
  params: demandParams,
  body: resolveDemandBody,
  response: z.object({ document: documentView }),
  maxBodyBytes: 16_384,
});
export const dismissDemand = defineRoute({
  ...base,
  id: 'ai.demands.dismiss',
  method: 'DELETE',
  path: '/ai/demands/{id}',
  params: demandParams,
  response: z.object({ deleted: objectId }),
});
export const getPrecision = defineRoute({
  ...base,
  id: 'ai.precision.get',
  method: 'GET',
  path: '/ai/precision',
  query: precisionQuery,
  response: precisionView,
});

/** app/chatbot/ai/precision: replays resolved conversations against an assistant in the background. */
export const createEvaluation = defineRoute({
  ...base,
  id: 'ai.evaluations.create',
  method: 'POST',
  path: '/ai/evaluations',
  body: evaluationBody,
  response: evaluationView,
  successStatus: 202,
  maxBodyBytes: 4096,
});
export const listEvaluations = defineRoute({
  ...base,
  id: 'ai.evaluations.list',
  method: 'GET',
  path: '/ai/evaluations',
  query: evaluationsQuery,
  response: evaluationsList,
});
export const getEvaluation = defineRoute({
  ...base,
  id: 'ai.evaluations.get',
  method: 'GET',
  path: '/ai/evaluations/{id}',
  params: evaluationParams,
  response: evaluationView,
});

export const AI_INSIGHT_ROUTES = [
  listDemands,
  resolveDemand,
  dismissDemand,
  getPrecision,
  createEvaluation,
  listEvaluations,
  getEvaluation,
];
