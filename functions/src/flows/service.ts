import { emptyGraph, type FlowGraph } from '@atende/shared/contracts/flows/graph';
import type { FlowDetail, FlowSummary, PublishRefusal } from '@atende/shared/contracts/flows/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { flowMessagesPtBR } from '@atende/shared/i18n/pt-BR-flows';
import { type FlowProblem, validateFlowGraph } from '@atende/shared/rules/flow-graph';
import { maxFlows } from '@atende/shared/rules/flows';
import { loadAccessContext } from '../company/access-context.ts';
import { listIntegrations } from '../integrations/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { validationContext } from './references.ts';
import {
  type ChannelLink,
  type FlowRecord,
  getChannelLink,
  getDraft,
  getFlowRecord,
  getVersionGraph,
  insertFlow,
  insertVersion,
  listFlowItems,
  relinkChannel,
  removeFlow,
  renameFlowRecord,
  writeDraft,
} from './store.ts';

const s = flowMessagesPtBR;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

type Channels = Map<string, { _id: string; label: string; type: string }>;

async function channelsOf(companyId: string): Promise<Channels> {
  const integrations = await listIntegrations(companyId);
  return new Map(
    integrations.map((item) => [item._id, { _id: item._id, label: item.label, type: item.type }]),
  );
}

function summary(record: FlowRecord, links: readonly ChannelLink[], channels: Channels): FlowSummary {
  return {
    _id: record._id,
    name: record.name,
    status: record.published_version === null ? 'draft' : 'published',
    published_version: record.published_version,
    draft_changed: record.draft_changed,
    channels: links.flatMap((link) => {
      const channel = link.flow === record._id ? channels.get(link.integration) : undefined;
      return channel ? [channel] : [];
    }),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

async function requireFlow(companyId: string, flowId: string): Promise<FlowRecord> {
  const record = await getFlowRecord(companyId, flowId);
  if (!record) throw new NotFound(s.flowNotFound);
  return record;
}

async function detail(companyId: string, record: FlowRecord): Promise<FlowDetail> {
  const [{ links }, channels, draft] = await Promise.all([
    listFlowItems(companyId),
    channelsOf(companyId),
    getDraft(companyId, record._id),
  ]);
  return {
    ...summary(record, links, channels),
    draft: draft ?? emptyGraph(),
    versions: [...record.versions].reverse(),
  };
}

export async function listFlows(auth: AuthContext) {
  const [{ flows, links }, channels, access] = await Promise.all([
    listFlowItems(auth.companyId),
    channelsOf(auth.companyId),
    loadAccessContext(auth),
  ]);
  const limit = maxFlows(access);
  return {
    flows: flows
      .map((record) => summary(record, links, channels))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    limit: Number.isFinite(limit) ? limit : null,
  };
}

export async function getFlow(auth: AuthContext, flowId: string): Promise<FlowDetail> {
  return detail(auth.companyId, await requireFlow(auth.companyId, flowId));
}

async function insert(auth: AuthContext, name: string, draft: FlowGraph): Promise<FlowDetail> {
  const limit = maxFlows(await loadAccessContext(auth));
  const now = new Date().toISOString();
  const record: FlowRecord = {
    _id: newObjectId(),
    company: auth.companyId,
    name,
    published_version: null,
    draft_changed: true,
    versions: [],
    channel_count: 0,
    created_at: now,
    updated_at: now,
  };
  if (!(await insertFlow(record, draft, limit)))
    throw new Conflict(fill(s.limitReached, { max: limit }), 'name');
  return detail(auth.companyId, record);
}

export const createFlow = (auth: AuthContext, name: string) => insert(auth, name, emptyGraph());

export async function duplicateFlow(auth: AuthContext, flowId: string): Promise<FlowDetail> {
  const record = await requireFlow(auth.companyId, flowId);
  const draft = (await getDraft(auth.companyId, flowId)) ?? emptyGraph();
  return insert(auth, `${record.name} ${s.copySuffix}`.slice(0, 80), draft);
}

export async function renameFlow(auth: AuthContext, flowId: string, name: string): Promise<FlowDetail> {
  if (!(await renameFlowRecord(auth.companyId, flowId, name, new Date().toISOString()))) {
    throw new NotFound(s.flowNotFound);
  }
  return getFlow(auth, flowId);
}

export async function saveDraft(auth: AuthContext, flowId: string, graph: FlowGraph) {
  const now = new Date().toISOString();
  if (!(await writeDraft(auth.companyId, flowId, graph, now))) throw new NotFound(s.flowNotFound);
  return { _id: flowId, updated_at: now };
}

/** What publishing the draft would find wrong (also the builder's live problem list). */
export async function draftProblems(companyId: string, graph: FlowGraph): Promise<FlowProblem[]> {
  return validateFlowGraph(graph, await validationContext(companyId, graph));
}

export async function publishFlow(
  auth: AuthContext,
  flowId: string,
): Promise<{ version: number } | { statusCode: 422; body: PublishRefusal; raw: true }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const record = await requireFlow(auth.companyId, flowId);
    const draft = (await getDraft(auth.companyId, flowId)) ?? emptyGraph();
    const problems = await draftProblems(auth.companyId, draft);
    if (problems.length > 0) {
      return {
        statusCode: 422,
        raw: true,
        body: { message: s.invalidGraph, code: 'invalid_flow', problems },
      };
    }
    const version = (record.published_version ?? 0) + 1;
    const entry = { version, published_at: new Date().toISOString(), published_by: auth.employeeId };
    if (await insertVersion(record, draft, entry)) return { version };
  }
  throw new Conflict(s.invalidGraph);
}

export async function restoreVersion(
  auth: AuthContext,
  flowId: string,
  version: number,
): Promise<FlowDetail> {
  const record = await requireFlow(auth.companyId, flowId);
  const graph = await getVersionGraph(auth.companyId, flowId, version);
  if (!graph || !record.versions.some((entry) => entry.version === version))
    throw new NotFound(s.versionNotFound);
  await saveDraft(auth, flowId, graph);
  return getFlow(auth, flowId);
}

export async function deleteFlow(auth: AuthContext, flowId: string) {
  const record = await requireFlow(auth.companyId, flowId);
  if (record.channel_count > 0 || !(await removeFlow(auth.companyId, flowId))) {
    const [{ links }, channels] = await Promise.all([
      listFlowItems(auth.companyId),
      channelsOf(auth.companyId),
    ]);
    const labels = summary(record, links, channels).channels.map((channel) => channel.label);
    throw new Conflict(fill(s.inUse, { channels: labels.join(', ') }));
  }
  return { deleted: flowId };
}

export async function setChannelFlow(auth: AuthContext, integrationId: string, flowId: string | null) {
  const channels = await channelsOf(auth.companyId);
  if (!channels.has(integrationId)) throw new NotFound(s.channelNotFound);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const previous = (await getChannelLink(auth.companyId, integrationId))?.flow;
    if (flowId) {
      const record = await requireFlow(auth.companyId, flowId);
      if (record.published_version === null) throw new Conflict(s.notPublished, 'flow');
    }
    const failed = await relinkChannel(auth.companyId, integrationId, previous, flowId);
    if (failed.length === 0) return { integration: integrationId, flow: flowId };
    if (failed.includes('next')) throw new Conflict(s.notPublished, 'flow');
  }
  throw new Conflict(s.channelNotFound);
}
