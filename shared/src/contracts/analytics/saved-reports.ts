import * as z from 'zod';
import { analyticsPtBR as t } from '../../i18n/analytics.ts';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { REPORTS_ACCESS } from './access.ts';
import { BREAKDOWN_DIMENSIONS } from './views.ts';

/**
 * app/v2/analytics/report-builder/dashboard: named reports a company shares. Each picks one measure of the
 * overview, a dimension of the breakdown, filters, a relative period and a chart type; the page draws it from
 * GET /analytics/breakdown, so a saved report shows exactly the figures of the reports screen.
 */
export const REPORT_MEASURES = [
  'opened',
  'closed',
  'open_now',
  'wait_avg',
  'wait_p90',
  'first_response_avg',
  'first_response_p90',
  'resolution_avg',
  'resolution_p90',
  'received',
  'sent',
  'csat_average',
  'csat_responses',
] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export const REPORT_CHARTS = ['bar', 'line', 'pie', 'table'] as const;
export const REPORT_PERIODS = ['today', '7d', '30d', '90d'] as const;
/** Who sees a saved report: everyone in the company, or its author alone. */
export const REPORT_VISIBILITIES = ['company', 'private'] as const;
/** A report's width on the dashboard: half of a wide screen, or the whole width. */
export const REPORT_SIZES = ['half', 'full'] as const;
/** A company keeps at most this many saved reports (one Query reads them all). */
export const MAX_SAVED_REPORTS = 50;

export const savedReportBody = z.object({
  name: z.string().trim().min(1, t.builder.nameRequired).max(80, t.builder.nameTooLong),
  measure: z.enum(REPORT_MEASURES),
  dimension: z.enum(BREAKDOWN_DIMENSIONS),
  chart: z.enum(REPORT_CHARTS),
  period: z.enum(REPORT_PERIODS),
  filters: z
    .object({
      channel: z.string().min(1).max(40).optional(),
      department: objectId.optional(),
      employee: objectId.optional(),
      business_hours: z.boolean().default(false),
    })
    .default({ business_hours: false }),
  /** Place on the dashboard (ascending). */
  position: z.number().int().min(0).max(1000).default(0),
  visibility: z.enum(REPORT_VISIBILITIES).default('company'),
  size: z.enum(REPORT_SIZES).default('half'),
});
export type SavedReportBody = z.infer<typeof savedReportBody>;

export const savedReportView = savedReportBody.extend({
  _id: objectId,
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedReportView = z.infer<typeof savedReportView>;

const params = z.object({ id: objectId });
const base = { domain: 'analytics', auth: 'employee', access: REPORTS_ACCESS } as const;

export const listSavedReports = defineRoute({
  ...base,
  id: 'analytics.reports.list',
  method: 'GET',
  path: '/analytics/saved-reports',
  response: z.object({ reports: z.array(savedReportView) }),
});

export const createSavedReport = defineRoute({
  ...base,
  id: 'analytics.reports.create',
  method: 'POST',
  path: '/analytics/saved-reports',
  body: savedReportBody,
  response: savedReportView,
  successStatus: 201,
  maxBodyBytes: 8_192,
});

export const updateSavedReport = defineRoute({
  ...base,
  id: 'analytics.reports.update',
  method: 'PUT',
  path: '/analytics/saved-reports/{id}',
  params,
  body: savedReportBody,
  response: savedReportView,
  maxBodyBytes: 8_192,
});

export const deleteSavedReport = defineRoute({
  ...base,
  id: 'analytics.reports.delete',
  method: 'DELETE',
  path: '/analytics/saved-reports/{id}',
  params,
  response: z.object({ deleted: objectId }),
});

/**
 * Arranges the dashboard: the report swaps places with its neighbour (before it for `up`, after it for `down`)
 * among the reports the caller sees; the same edit right as changing the report. Answers the new list.
 */
export const moveSavedReport = defineRoute({
  ...base,
  id: 'analytics.reports.move',
  method: 'POST',
  path: '/analytics/saved-reports/{id}/move',
  params,
  body: z.object({ direction: z.enum(['up', 'down']) }),
  response: z.object({ reports: z.array(savedReportView) }),
  maxBodyBytes: 256,
});

export const SAVED_REPORT_ROUTES = [
  listSavedReports,
  createSavedReport,
  updateSavedReport,
  deleteSavedReport,
  moveSavedReport,
] as const;
