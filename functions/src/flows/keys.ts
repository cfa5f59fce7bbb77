/**
 * Keys of the flows items in the main table (declared here only).
 *
 * - flow:          pk C#<cid>#FLOWS               sk FLOW#<id>      (name, published version, version list)
 * - channel link:  pk C#<cid>#FLOWS               sk CHANNEL#<integrationId>  (the flow answering that channel)
 * - flow counter:  pk C#<cid>#FLOWS               sk COUNT          (the plan limit's guard under concurrency)
 * - draft:         pk C#<cid>#FLOW#<id>           sk DRAFT
 * - version:       pk C#<cid>#FLOW#<id>           sk V#<version, 6 digits>  (immutable once written)
 * - bot session:   pk C#<cid>#BOT#<conversationId> sk SESSION       (where a conversation's bot stands)
 *                  gsi3 FLOW_WAITS / <resume_at>#<cid>#<conversationId>  (only while a wait node holds it)
 */
const base = (companyId: string) => `C#${companyId}#`;

export const FLOW_SK_PREFIX = 'FLOW#';
/** The index partition of sessions paused on a wait node, read by the wait-resume schedule. */
export const WAITS_INDEX = 'FLOW_WAITS';
export const CHANNEL_SK_PREFIX = 'CHANNEL#';

export const flowKeys = {
  list: (companyId: string) => `${base(companyId)}FLOWS`,
  flow: (companyId: string, flowId: string) => ({
    pk: `${base(companyId)}FLOWS`,
    sk: `${FLOW_SK_PREFIX}${flowId}`,
  }),
  channel: (companyId: string, integrationId: string) => ({
    pk: `${base(companyId)}FLOWS`,
    sk: `${CHANNEL_SK_PREFIX}${integrationId}`,
  }),
  counter: (companyId: string) => ({ pk: `${base(companyId)}FLOWS`, sk: 'COUNT' }),
  draft: (companyId: string, flowId: string) => ({ pk: `${base(companyId)}FLOW#${flowId}`, sk: 'DRAFT' }),
  version: (companyId: string, flowId: string, version: number) => ({
    pk: `${base(companyId)}FLOW#${flowId}`,
    sk: `V#${String(version).padStart(6, '0')}`,
  }),
  session: (companyId: string, conversationId: string) => ({
    pk: `${base(companyId)}BOT#${conversationId}`,
    sk: 'SESSION',
  }),
  wait: (companyId: string, conversationId: string, resumeAt: string) => ({
    gsi3pk: WAITS_INDEX,
    gsi3sk: `${resumeAt}#${companyId}#${conversationId}`,
  }),
};
