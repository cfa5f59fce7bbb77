import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import { deleteFlow } from '@atende/shared/contracts/flows/delete-flow';
import { duplicateFlow } from '@atende/shared/contracts/flows/duplicate-flow';
import { getFlow } from '@atende/shared/contracts/flows/get-flow';
import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import { listFlows } from '@atende/shared/contracts/flows/list-flows';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { restoreFlowVersion } from '@atende/shared/contracts/flows/restore-flow-version';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import { setChannelFlow } from '@atende/shared/contracts/flows/set-channel-flow';
import {
  simulateFlow,
  type simulateFlowBody,
  testFlowRequest,
  type testRequestBody,
} from '@atende/shared/contracts/flows/simulate-flow';
import { listAssistants } from '@atende/shared/contracts/ai/routes';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export const flowKeys = {
  all: ['flows'] as const,
  list: ['flows', 'list'] as const,
  one: (id: string) => ['flows', 'one', id] as const,
  departments: ['flows', 'departments'] as const,
  employees: ['flows', 'employees'] as const,
  tags: ['organizing', 'tags'] as const,
  assistants: ['flows', 'assistants'] as const,
};

export const flowsApi = {
  list: () => callRoute(listFlows),
  get: (id: string) => callRoute(getFlow, { params: { id } }),
  create: (name: string) => callRoute(createFlow, { body: { name } }),
  duplicate: (id: string) => callRoute(duplicateFlow, { params: { id } }),
  remove: (id: string) => callRoute(deleteFlow, { params: { id } }),
  saveDraft: (id: string, graph: FlowGraph) => callRoute(saveFlowDraft, { params: { id }, body: graph }),
  publish: (id: string) => callRoute(publishFlow, { params: { id } }),
  restore: (id: string, version: number) =>
    callRoute(restoreFlowVersion, { params: { id, version: String(version) } }),
  simulate: (id: string, body: z.input<typeof simulateFlowBody>) =>
    callRoute(simulateFlow, { params: { id }, body }),
  testRequest: (body: z.input<typeof testRequestBody>) => callRoute(testFlowRequest, { body }),
  setChannelFlow: (integrationId: string, flow: string | null) =>
    callRoute(setChannelFlow, { params: { id: integrationId }, body: { flow } }),
};

/** What the inspector's selects offer. */
export const choicesApi = {
  departments: async () => (await callRoute(listDepartments)).departments,
  employees: async () => (await callRoute(listEmployees, { query: {} })).items,
  tags: async () => (await callRoute(listTags)).tags,
  assistants: async () => (await callRoute(listAssistants)).assistants,
};
