import {
  exportReport as exportRoute,
  getBreakdown,
  getHomeSummary,
  getMonitoring,
  getOverview,
  listConversationFacts,
} from '@atende/shared/contracts/analytics/routes';
import {
  createSavedReport,
  deleteSavedReport,
  listSavedReports,
  moveSavedReport,
  updateSavedReport,
} from '@atende/shared/contracts/analytics/saved-reports';
import { getAgentTimeline, setMyStatus } from '@atende/shared/contracts/analytics/agent-timeline';
import { getCampaignReport } from '@atende/shared/contracts/analytics/campaign-report';
import { getContactOrigin } from '@atende/shared/contracts/analytics/contact-origin';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as presence from './agent-timeline.ts';
import { campaignReport } from './campaign-report.ts';
import { contactOrigins } from './contact-origin.ts';
import { listConversations } from './conversations.ts';
import { exportReport } from './export.ts';
import { homeSummary } from './home.ts';
import { monitoring } from './monitoring.ts';
import * as reports from './saved-reports.ts';
import { breakdown, overview } from './service.ts';

export const handler = createHttpHandler(
  [
    route(getOverview, ({ auth, query }) => overview(auth, query)),
    route(getBreakdown, ({ auth, query }) => breakdown(auth, query)),
    route(listConversationFacts, ({ auth, query }) => listConversations(auth, query)),
    route(getHomeSummary, ({ auth }) => homeSummary(auth)),
    route(getMonitoring, ({ auth }) => monitoring(auth)),
    route(exportRoute, ({ auth, query }) => exportReport(auth, query)),
    route(listSavedReports, ({ auth }) => reports.listReports(auth)),
    route(createSavedReport, ({ auth, body }) => reports.createReport(auth, body)),
    route(updateSavedReport, ({ auth, params, body }) => reports.updateReport(auth, params.id, body)),
    route(deleteSavedReport, ({ auth, params }) => reports.deleteReport(auth, params.id)),
    route(moveSavedReport, ({ auth, params, body }) => reports.moveReport(auth, params.id, body.direction)),
    route(getContactOrigin, ({ auth, query }) => contactOrigins(auth, query)),
    route(getAgentTimeline, ({ auth, query }) => presence.agentTimeline(auth, query)),
    route(setMyStatus, ({ auth, body }) => presence.setMyStatus(auth, body.status)),
    route(getCampaignReport, ({ auth, query }) => campaignReport(auth, query)),
  ],
  { accessContext: loadAccessContext },
);
