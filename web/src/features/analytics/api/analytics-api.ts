import {
  exportReport,
  getBreakdown,
  getHomeSummary,
  getMonitoring,
  getOverview,
  listConversationFacts,
} from '@atende/shared/contracts/analytics/routes';
import { getAgentTimeline, setMyStatus } from '@atende/shared/contracts/analytics/agent-timeline';
import { getCampaignReport } from '@atende/shared/contracts/analytics/campaign-report';
import { getContactOrigin } from '@atende/shared/contracts/analytics/contact-origin';
import { listDepartments } from '@atende/shared/contracts/departments/list-departments';
import { listEmployees } from '@atende/shared/contracts/employees/list-employees';
import type { BreakdownDimension, ExportReport } from '@atende/shared/contracts/analytics/views';
import { callRoute } from '../../../lib/api/call-route.ts';

/** The query every analytics call sends: an ISO range [from, to) and the filters as text. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  channel?: string;
  department?: string;
  employee?: string;
  business_hours?: 'true' | 'false';
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (query: AnalyticsQuery) => ['analytics', 'overview', query] as const,
  breakdown: (by: BreakdownDimension, query: AnalyticsQuery) =>
    ['analytics', 'breakdown', by, query] as const,
  conversations: (query: AnalyticsQuery) => ['analytics', 'conversations', query] as const,
  campaigns: (query: AnalyticsQuery) => ['analytics', 'campaigns', query] as const,
  monitoring: ['analytics', 'monitoring'] as const,
  home: ['analytics', 'home'] as const,
  contactOrigin: (range: { from: string; to: string }) => ['analytics', 'contact-origin', range] as const,
  agentTimeline: (day: string) => ['analytics', 'agent-timeline', day] as const,
  departments: ['analytics', 'options', 'departments'] as const,
  employees: ['analytics', 'options', 'employees'] as const,
};

export const analyticsApi = {
  overview: (query: AnalyticsQuery) => callRoute(getOverview, { query }),
  breakdown: (by: BreakdownDimension, query: AnalyticsQuery) =>
    callRoute(getBreakdown, { query: { ...query, by } }),
  conversations: (query: AnalyticsQuery, cursor: string | undefined) =>
    callRoute(listConversationFacts, { query: { ...query, cursor, limit: '50' } }),
  campaigns: (query: AnalyticsQuery) => callRoute(getCampaignReport, { query }),
  export: (query: AnalyticsQuery, report: ExportReport, by?: BreakdownDimension) =>
    callRoute(exportReport, { query: { ...query, report, by } }),
  monitoring: () => callRoute(getMonitoring),
  home: () => callRoute(getHomeSummary),
  contactOrigin: (range: { from: string; to: string }) => callRoute(getContactOrigin, { query: range }),
  agentTimeline: (day: string) => callRoute(getAgentTimeline, { query: { day } }),
  setMyStatus: (status: 'online' | 'away') => callRoute(setMyStatus, { body: { status } }),
};

/** Filter options: departments the viewer may see (a flat list of labels), employees for admins. */
export const filterOptionsApi = {
  departments: async () => {
    const flat: { value: string; label: string }[] = [];
    const walk = (nodes: readonly { _id: string; label: string; sub_departments: readonly unknown[] }[]) => {
      for (const node of nodes) {
        flat.push({ value: node._id, label: node.label });
        walk(node.sub_departments as typeof nodes);
      }
    };
    walk((await callRoute(listDepartments)).departments);
    return flat;
  },
  employees: async () =>
    (await callRoute(listEmployees, { query: { limit: '100' } })).items.map((employee) => ({
      value: employee._id,
      label: employee.name,
    })),
};
