import * as z from 'zod';
import { campaignStatus } from '../campaigns/campaign-fields.ts';
import { defineRoute } from '../types.ts';
import { REPORTS_ACCESS } from './access.ts';
import { analyticsFilters } from './views.ts';

/**
 * The campaigns report (app/analytics/reports): one row per campaign started in the range, with the campaign's
 * own funnel counts (the numbers its report page shows). `targeted` is the audience (the campaign's `total`).
 */
export const campaignReportRow = z.object({
  _id: z.string(),
  name: z.string(),
  channel: z.enum(['official', 'whatsapp']),
  integration: z.string(),
  /** The number's name in the company's channels ('' when the integration was removed). */
  integration_label: z.string(),
  status: campaignStatus,
  /** Paused while sending (by an employee or by the governor): the campaign view says "Pausada". */
  paused: z.boolean(),
  started_at: z.string(),
  targeted: z.number(),
  excluded: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  replied: z.number(),
  failed: z.number(),
});
export type CampaignReportRow = z.infer<typeof campaignReportRow>;

/** The funnel's counts, in the order the screen and the CSV give them. */
export const CAMPAIGN_REPORT_COUNTS = [
  'targeted',
  'excluded',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
] as const satisfies readonly (keyof CampaignReportRow)[];

export const campaignReportResponse = z.object({ rows: z.array(campaignReportRow) });

export const getCampaignReport = defineRoute({
  domain: 'analytics',
  auth: 'employee',
  id: 'analytics.campaigns',
  method: 'GET',
  path: '/analytics/campaigns',
  access: REPORTS_ACCESS,
  query: analyticsFilters,
  response: campaignReportResponse,
});
