import {
  addDocument,
  copilotSuggest,
  createKnowledgeUpload,
  createAssistant,
  createKnowledgeBase,
  deleteAssistant,
  deleteDocument,
  deleteKnowledgeBase,
  getAiSettings,
  getAssistant,
  listAssistants,
  listDocuments,
  listKnowledgeBases,
  previewAssistant,
  putAiSettings,
  resyncDocument,
  searchKnowledgeBase,
  testAiSettings,
  updateAssistant,
} from '@atende/shared/contracts/ai/routes';
import {
  createEvaluation,
  dismissDemand,
  getEvaluation,
  getPrecision,
  listEvaluations,
  listDemands,
  resolveDemand,
} from '@atende/shared/contracts/ai/insight-routes';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { answerMessage } from './answer.ts';
import * as assistants from './assistants.ts';
import * as evaluations from './evaluation.ts';
import * as insights from './insights.ts';
import { copilot } from './copilot.ts';
import * as knowledge from './knowledge-service.ts';
import * as settings from './settings.ts';

export const handler = createHttpHandler(
  [
    route(getAiSettings, ({ auth }) => settings.getSettings(auth)),
    route(putAiSettings, ({ auth, body }) => settings.putSettings(auth, body)),
    route(testAiSettings, ({ auth }) => settings.testSettings(auth)),
    route(listKnowledgeBases, ({ auth }) => knowledge.listKnowledgeBases(auth)),
    route(createKnowledgeBase, ({ auth, body }) => knowledge.createKnowledgeBase(auth, body)),
    route(deleteKnowledgeBase, ({ auth, params }) => knowledge.deleteKnowledgeBase(auth, params.id)),
    route(listDocuments, ({ auth, params }) => knowledge.listDocuments(auth, params.id)),
    route(addDocument, ({ auth, params, body }) => knowledge.addDocument(auth, params.id, body)),
    route(createKnowledgeUpload, ({ auth, params, body }) => knowledge.createUpload(auth, params.id, body)),
    route(resyncDocument, ({ auth, params }) => knowledge.resyncDocument(auth, params.id, params.documentId)),
    route(deleteDocument, ({ auth, params }) => knowledge.deleteDocument(auth, params.id, params.documentId)),
    route(searchKnowledgeBase, ({ auth, params, body }) =>
      knowledge.searchKnowledgeBase(auth, params.id, body.query),
    ),
    route(listAssistants, ({ auth }) => assistants.listAssistants(auth)),
    route(createAssistant, ({ auth, body }) => assistants.createAssistant(auth, body)),
    route(getAssistant, ({ auth, params }) => assistants.getAssistant(auth, params.id)),
    route(updateAssistant, ({ auth, params, body }) => assistants.updateAssistant(auth, params.id, body)),
    route(deleteAssistant, ({ auth, params }) => assistants.deleteAssistant(auth, params.id)),
    route(previewAssistant, async ({ auth, params, body }) =>
      answerMessage({
        companyId: auth.companyId,
        endpoint: await settings.requireEndpoint(auth.companyId),
        assistant: await assistants.requireAssistant(auth.companyId, params.id),
        message: body.message,
      }),
    ),
    route(copilotSuggest, ({ auth, params, body }) => copilot(auth, params.id, body)),
    route(listDemands, ({ auth, query }) => insights.listDemands(auth, query)),
    route(resolveDemand, ({ auth, params, body }) => insights.resolveDemand(auth, params.id, body)),
    route(dismissDemand, ({ auth, params }) => insights.dismissDemand(auth, params.id)),
    route(getPrecision, ({ auth, query }) => insights.precision(auth, query)),
    route(createEvaluation, ({ auth, body }) => evaluations.startEvaluation(auth, body)),
    route(listEvaluations, ({ auth, query }) => evaluations.listEvaluations(auth, query)),
    route(getEvaluation, ({ auth, params }) => evaluations.getEvaluation(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
