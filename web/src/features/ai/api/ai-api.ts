import type { assistantBody, previewBody } from '@atende/shared/contracts/ai/assistant-views';
import type { documentBody } from '@atende/shared/contracts/ai/knowledge-views';
import {
  addDocument,
  createAssistant,
  createKnowledgeUpload,
  createKnowledgeBase,
  deleteAssistant,
  deleteDocument,
  deleteKnowledgeBase,
  getAiSettings,
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
import type { aiSettingsBody } from '@atende/shared/contracts/ai/settings-views';
import {
  createEvaluation,
  dismissDemand,
  getEvaluation,
  getPrecision,
  listEvaluations,
  listDemands,
  resolveDemand,
} from '@atende/shared/contracts/ai/insight-routes';
import type { resolveDemandBody } from '@atende/shared/contracts/ai/insight-views';
import type { evaluationBody } from '@atende/shared/contracts/ai/evaluation-views';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { listPipelines } from '@atende/shared/contracts/pipelines/routes';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { listChannelIntegrations } from '@atende/shared/contracts/integrations/list-channel-integrations';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';
import { uploadWithProgress } from '../../../lib/api/presigned-post.ts';

export type AssistantInput = z.input<typeof assistantBody>;
export type DocumentInput = z.input<typeof documentBody>;

export const aiKeys = {
  settings: ['ai', 'settings'] as const,
  bases: ['ai', 'knowledge-bases'] as const,
  documents: (kb: string) => ['ai', 'documents', kb] as const,
  assistants: ['ai', 'assistants'] as const,
  channels: ['ai', 'channels'] as const,
  departments: ['ai', 'departments'] as const,
  demands: (page: number, assistant?: string) => ['ai', 'demands', page, assistant ?? ''] as const,
  allDemands: ['ai', 'demands'] as const,
  precision: (from: string, to: string) => ['ai', 'precision', from, to] as const,
  evaluations: ['ai', 'evaluations'] as const,
  evaluation: (id: string) => ['ai', 'evaluations', id] as const,
  tags: ['ai', 'tags'] as const,
  pipelines: ['ai', 'pipelines'] as const,
  employees: ['ai', 'employees'] as const,
};

export const aiApi = {
  settings: () => callRoute(getAiSettings),
  saveSettings: (body: z.input<typeof aiSettingsBody>) => callRoute(putAiSettings, { body }),
  testSettings: () => callRoute(testAiSettings),
  bases: async () => (await callRoute(listKnowledgeBases)).knowledge_bases,
  createBase: (name: string) => callRoute(createKnowledgeBase, { body: { name } }),
  removeBase: (id: string) => callRoute(deleteKnowledgeBase, { params: { id } }),
  documents: async (id: string) => (await callRoute(listDocuments, { params: { id } })).documents,
  addDocument: (id: string, body: DocumentInput) => callRoute(addDocument, { params: { id }, body }),
  resync: (id: string, documentId: string) => callRoute(resyncDocument, { params: { id, documentId } }),
  removeDocument: (id: string, documentId: string) =>
    callRoute(deleteDocument, { params: { id, documentId } }),
  search: async (id: string, query: string) =>
    (await callRoute(searchKnowledgeBase, { params: { id }, body: { query } })).results,
  assistants: async () => (await callRoute(listAssistants)).assistants,
  createAssistant: (body: AssistantInput) => callRoute(createAssistant, { body }),
  updateAssistant: (id: string, body: Partial<AssistantInput>) =>
    callRoute(updateAssistant, { params: { id }, body }),
  removeAssistant: (id: string) => callRoute(deleteAssistant, { params: { id } }),
  preview: (id: string, body: z.input<typeof previewBody>) =>
    callRoute(previewAssistant, { params: { id }, body }),
  channels: async () => (await callRoute(listChannelIntegrations)).items,
  departments: () => callRoute(listDepartments),
  /** A PDF or DOCX goes straight to the bucket (progress 0–100), then becomes a document by its upload id. */
  addFile: async (id: string, file: File, onProgress: (percent: number) => void) => {
    const target = await callRoute(createKnowledgeUpload, {
      params: { id },
      body: { file_name: file.name, size: file.size },
    });
    await uploadWithProgress(target, file, onProgress);
    return callRoute(addDocument, {
      params: { id },
      body: { upload_id: target.upload_id, file_name: file.name },
    });
  },
  demands: (page: number, assistant?: string) =>
    callRoute(listDemands, {
      query: { page: String(page), ...(assistant ? { assistant } : {}) },
    }),
  resolveDemand: (id: string, body: z.input<typeof resolveDemandBody>) =>
    callRoute(resolveDemand, { params: { id }, body }),
  dismissDemand: (id: string) => callRoute(dismissDemand, { params: { id } }),
  precision: (from: string, to: string) => callRoute(getPrecision, { query: { from, to } }),
  evaluations: async () => (await callRoute(listEvaluations, { query: {} })).items,
  evaluation: (id: string) => callRoute(getEvaluation, { params: { id } }),
  startEvaluation: (body: z.input<typeof evaluationBody>) => callRoute(createEvaluation, { body }),
  tags: async () => (await callRoute(listTags)).tags,
  pipelines: async () => (await callRoute(listPipelines)).pipelines,
  employees: async () => (await callRoute(listEmployees, { query: { limit: '100' } })).items,
};
