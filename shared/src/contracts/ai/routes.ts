import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { AI_ADMIN_ACCESS, AI_COPILOT_ACCESS } from './access.ts';
import {
  assistantBody,
  assistantPatch,
  assistantReply,
  assistantView,
  copilotBody,
  copilotView,
  previewBody,
} from './assistant-views.ts';
import { citationView } from './knowledge-fields.ts';
import {
  documentBody,
  documentParams,
  documentView,
  kbParams,
  knowledgeBaseBody,
  knowledgeUploadBody,
  knowledgeUploadView,
  knowledgeBaseView,
  searchBody,
} from './knowledge-views.ts';
import { aiSettingsBody, aiSettingsView, aiTestResult } from './settings-views.ts';

const base = { domain: 'ai', auth: 'employee', access: AI_ADMIN_ACCESS } as const;
const SMALL = 65_536;
const idParams = z.object({ id: objectId });

export const getAiSettings = defineRoute({
  ...base,
  id: 'ai.settings.get',
  method: 'GET',
  path: '/ai/settings',
  response: aiSettingsView,
});
export const putAiSettings = defineRoute({
  ...base,
  id: 'ai.settings.put',
  method: 'PUT',
  path: '/ai/settings',
  body: aiSettingsBody,
  response: aiSettingsView,
  maxBodyBytes: SMALL,
});
export const testAiSettings = defineRoute({
  ...base,
  id: 'ai.settings.test',
  method: 'POST',
  path: '/ai/settings/test',
  response: aiTestResult,
});

export const listKnowledgeBases = defineRoute({
  ...base,
  id: 'ai.kb.list',
  method: 'GET',
  path: '/knowledge-bases',
  response: z.object({ knowledge_bases: z.array(knowledgeBaseView) }),
});
export const createKnowledgeBase = defineRoute({
  ...base,
  id: 'ai.kb.create',
  method: 'POST',
  path: '/knowledge-bases',
  body: knowledgeBaseBody,
  response: knowledgeBaseView,
  successStatus: 201,
  maxBodyBytes: SMALL,
});
export const deleteKnowledgeBase = defineRoute({
  ...base,
  id: 'ai.kb.delete',
  method: 'DELETE',
  path: '/knowledge-bases/{id}',
  params: kbParams,
  response: z.object({ deleted: objectId }),
});
export const listDocuments = defineRoute({
  ...base,
  id: 'ai.kb.documents.list',
  method: 'GET',
  path: '/knowledge-bases/{id}/documents',
  params: kbParams,
  response: z.object({ documents: z.array(documentView) }),
});
export const addDocument = defineRoute({
  ...base,
  id: 'ai.kb.documents.add',
  method: 'POST',
  path: '/knowledge-bases/{id}/documents',
  params: kbParams,
  body: documentBody,
  response: documentView,
  successStatus: 201,
  maxBodyBytes: 1_048_576,
});
export const createKnowledgeUpload = defineRoute({
  ...base,
  id: 'ai.kb.uploads.create',
  method: 'POST',
  path: '/knowledge-bases/{id}/uploads',
  params: kbParams,
  body: knowledgeUploadBody,
  response: knowledgeUploadView,
  successStatus: 201,
  maxBodyBytes: 4096,
});
export const resyncDocument = defineRoute({
  ...base,
  id: 'ai.kb.documents.resync',
  method: 'POST',
  path: '/knowledge-bases/{id}/documents/{documentId}/resync',
  params: documentParams,
  response: documentView,
});
export const deleteDocument = defineRoute({
  ...base,
  id: 'ai.kb.documents.delete',
  method: 'DELETE',
  path: '/knowledge-bases/{id}/documents/{documentId}',
  params: documentParams,
  response: z.object({ deleted: objectId }),
});
export const searchKnowledgeBase = defineRoute({
  ...base,
  id: 'ai.kb.search',
  method: 'POST',
  path: '/knowledge-bases/{id}/search',
  params: kbParams,
  body: searchBody,
  response: z.object({ results: z.array(citationView) }),
  maxBodyBytes: SMALL,
});

export const listAssistants = defineRoute({
  ...base,
  id: 'ai.assistants.list',
  method: 'GET',
  path: '/assistants',
  response: z.object({ assistants: z.array(assistantView) }),
});
export const createAssistant = defineRoute({
  ...base,
  id: 'ai.assistants.create',
  method: 'POST',
  path: '/assistants',
  body: assistantBody,
  response: assistantView,
  successStatus: 201,
  maxBodyBytes: SMALL,
});
export const getAssistant = defineRoute({
  ...base,
  id: 'ai.assistants.get',
  method: 'GET',
  path: '/assistants/{id}',
  params: idParams,
  response: assistantView,
});
export const updateAssistant = defineRoute({
  ...base,
  id: 'ai.assistants.update',
  method: 'PATCH',
  path: '/assistants/{id}',
  params: idParams,
  body: assistantPatch,
  response: assistantView,
  maxBodyBytes: SMALL,
});
export const deleteAssistant = defineRoute({
  ...base,
  id: 'ai.assistants.delete',
  method: 'DELETE',
  path: '/assistants/{id}',
  params: idParams,
  response: z.object({ deleted: objectId }),
});
export const previewAssistant = defineRoute({
  ...base,
  id: 'ai.assistants.preview',
  method: 'POST',
  path: '/assistants/{id}/preview',
  params: idParams,
  body: previewBody,
  response: assistantReply,
  maxBodyBytes: SMALL,
});

export const copilotSuggest = defineRoute({
  domain: 'ai',
  auth: 'employee',
  access: AI_COPILOT_ACCESS,
  id: 'ai.copilot.suggest',
  method: 'POST',
  path: '/conversations/{id}/ai/suggest',
  params: idParams,
  body: copilotBody,
  response: copilotView,
  maxBodyBytes: SMALL,
});

export const AI_ROUTES = [
  getAiSettings,
  putAiSettings,
  testAiSettings,
  listKnowledgeBases,
  createKnowledgeBase,
  deleteKnowledgeBase,
  listDocuments,
  addDocument,
  createKnowledgeUpload,
  resyncDocument,
  deleteDocument,
  searchKnowledgeBase,
  listAssistants,
  createAssistant,
  getAssistant,
  updateAssistant,
  deleteAssistant,
  previewAssistant,
  copilotSuggest,
];
