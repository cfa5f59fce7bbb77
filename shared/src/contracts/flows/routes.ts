import type { RouteContract } from '../types.ts';
import { createFlow } from './create-flow.ts';
import { deleteFlow } from './delete-flow.ts';
import { duplicateFlow } from './duplicate-flow.ts';
import { getFlow } from './get-flow.ts';
import { listFlows } from './list-flows.ts';
import { publishFlow } from './publish-flow.ts';
import { renameFlow } from './rename-flow.ts';
import { restoreFlowVersion } from './restore-flow-version.ts';
import { saveFlowDraft } from './save-flow-draft.ts';
import { setChannelFlow } from './set-channel-flow.ts';
import { simulateFlow, testFlowRequest } from './simulate-flow.ts';

/** The flows domain's routes, added to the manifest as one line. */
export const FLOW_ROUTES: readonly RouteContract[] = [
  listFlows,
  createFlow,
  getFlow,
  renameFlow,
  duplicateFlow,
  saveFlowDraft,
  publishFlow,
  restoreFlowVersion,
  deleteFlow,
  setChannelFlow,
  simulateFlow,
  testFlowRequest,
];
