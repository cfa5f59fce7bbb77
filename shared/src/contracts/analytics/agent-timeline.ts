import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { chosenStatus } from '../../events/presence.ts';
import { analyticsPtBR as t } from '../../i18n/analytics.ts';
import { defineRoute } from '../types.ts';
import { REPORTS_ACCESS } from './access.ts';

/** Spec point 7's employee statuses as the timeline shows them: online, on a break ("Pausa"), offline. */
export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export const presenceStatus = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatus>;

export const agentTimelineQuery = z.object({
  /** A company-local day. */
  day: z.iso.date({ error: t.timeline.invalidDay }),
  employee: objectId.optional(),
});

const seconds = z.number();
export const agentTimelineResponse = z.object({
  day: z.string(),
  agents: z.array(
    z.object({
      employee: z.string(),
      name: z.string(),
      /** Within the day (and not past now), in order; a gap is time the ledger knows nothing of. */
      intervals: z.array(z.object({ status: presenceStatus, start: z.string(), end: z.string() })),
      totals: z.object({ online: seconds, away: seconds, offline: seconds }),
    }),
  ),
});
export type AgentTimelineView = z.infer<typeof agentTimelineResponse>;

/**
 * The agents' activity timeline (issue 15, reports → agents): the reports' access; a manager sees the agents
 * of their departments, an operator themself.
 */
export const getAgentTimeline = defineRoute({
  id: 'analytics.agent_timeline',
  method: 'GET',
  path: '/analytics/agent-timeline',
  domain: 'analytics',
  auth: 'employee',
  access: REPORTS_ACCESS,
  query: agentTimelineQuery,
  response: agentTimelineResponse,
});

/** The caller's own status: "Online" or "Pausa". */
export const setMyStatus = defineRoute({
  id: 'analytics.set_my_status',
  method: 'PUT',
  path: '/analytics/my-status',
  domain: 'analytics',
  auth: 'employee',
  access: { roles: 'all' },
  body: z.object({ status: chosenStatus }),
  response: z.object({ status: chosenStatus }),
});
