import { getFlowRecord, getVersionGraph } from '../store.ts';

/** A flow's current published version and graph (go_to_flow, the invalid-response outcome, the simulator). */
export const loadPublished = async (companyId: string, flowId: string) => {
  const flow = await getFlowRecord(companyId, flowId);
  const graph = flow?.published_version
    ? await getVersionGraph(companyId, flowId, flow.published_version)
    : undefined;
  return flow?.published_version && graph
    ? { version: flow.published_version, graph, name: flow.name }
    : undefined;
};
