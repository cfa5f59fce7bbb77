import type { AccessRule } from '../types.ts';
import { defineRoute } from '../types.ts';
import { REPORTS_ACCESS, REPORTS_EXPORT_ACCESS } from './access.ts';
import { getAgentTimeline, setMyStatus } from './agent-timeline.ts';
import { getCampaignReport } from './campaign-report.ts';
import { getContactOrigin } from './contact-origin.ts';
import { SAVED_REPORT_ROUTES } from './saved-reports.ts';
import {
  analyticsFilters,
  analyticsMeasures,
  breakdownQuery,
  breakdownResponse,
  conversationsQuery,
  conversationsResponse,
  exportQuery,
  exportResponse,
  homeSummaryResponse,
  monitoringResponse,
} from './views.ts';

/** app/analytics/monitoring: admins (spec point 2). */
export const MONITORING_ACCESS = { roles: ['admin'] } as const satisfies AccessRule;

const base = { domain: 'analytics', auth: 'employee' } as const;

export const getOverview = defineRoute({
  ...base,
  id: 'analytics.overview',
  method: 'GET',
  path: '/analytics/overview',
  access: REPORTS_ACCESS,
  query: analyticsFilters,
  response: analyticsMeasures,
});

export const getBreakdown = defineRoute({
  ...base,
  id: 'analytics.breakdown',
  method: 'GET',
  path: '/analytics/breakdown',
  access: REPORTS_ACCESS,
  query: breakdownQuery,
  response: breakdownResponse,
});

export const listConversationFacts = defineRoute({
  ...base,
  id: 'analytics.conversations',
  method: 'GET',
  path: '/analytics/conversations',
  access: REPORTS_ACCESS,
  query: conversationsQuery,
  response: conversationsResponse,
});

export const exportReport = defineRoute({
  ...base,
  id: 'analytics.export',
  method: 'GET',
  path: '/analytics/export',
  access: REPORTS_EXPORT_ACCESS,
  query: exportQuery,
  response: exportResponse,
});

export const getMonitoring = defineRoute({
  ...base,
  id: 'analytics.monitoring',
  method: 'GET',
  path: '/analytics/monitoring',
  access: MONITORING_ACCESS,
  response: monitoringResponse,
});

/** app/home, for everyone: today's figures of the caller's own scope (no report permission needed). */
export const getHomeSummary = defineRoute({
  ...base,
  id: 'analytics.home',
  method: 'GET',
  path: '/analytics/home',
  access: { roles: 'all' },
  response: homeSummaryResponse,
});

export const ANALYTICS_ROUTES = [
  getHomeSummary,
  getOverview,
  getBreakdown,
  listConversationFacts,
  exportReport,
  getMonitoring,
  ...SAVED_REPORT_ROUTES,
  getContactOrigin,
  getAgentTimeline,
  setMyStatus,
  getCampaignReport,
] as const;
