import {
  createActivity,
  createDeal,
  createPipeline,
  deletePipeline,
  getDeal,
  getPipeline,
  getPipelineBoard,
  listActivities,
  listDeals,
  listPipelines,
  updateActivity,
  updateDeal,
  updatePipeline,
} from '@atende/shared/contracts/pipelines/routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as activities from './activity-service.ts';
import { pipelineBoard } from './board.ts';
import { listDeals as listDealRecords } from './deal-list.ts';
import * as deals from './deal-service.ts';
import * as pipelines from './pipeline-service.ts';

export const handler = createHttpHandler(
  [
    route(listPipelines, ({ auth }) => pipelines.listPipelines(auth)),
    route(createPipeline, ({ auth, body }) => pipelines.createPipeline(auth, body)),
    route(getPipeline, ({ auth, params }) => pipelines.getPipeline(auth, params.id)),
    route(updatePipeline, ({ auth, params, body }) => pipelines.updatePipeline(auth, params.id, body)),
    route(deletePipeline, ({ auth, params }) => pipelines.deletePipeline(auth, params.id)),
    route(getPipelineBoard, ({ auth, params, query }) => pipelineBoard(auth, params.id, query)),
    route(createDeal, ({ auth, body }) => deals.createDeal(auth, body)),
    route(listDeals, ({ auth, query }) => listDealRecords(auth, query)),
    route(getDeal, ({ auth, params }) => deals.getDeal(auth, params.id)),
    route(updateDeal, ({ auth, params, body }) => deals.updateDeal(auth, params.id, body)),
    route(createActivity, ({ auth, body }) => activities.createActivity(auth, body)),
    route(listActivities, ({ auth, query }) => activities.listActivities(auth, query)),
    route(updateActivity, ({ auth, params, body }) => activities.updateActivity(auth, params.id, body)),
  ],
  { accessContext: loadAccessContext },
);
