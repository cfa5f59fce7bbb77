import * as z from 'zod';
import { analyticsPtBR as t } from '../../i18n/analytics.ts';
import { objectId } from '../../domain/object-id.ts';

/** The longest range a report reads (a year and a day, so "last 12 months" always fits). */
export const MAX_RANGE_DAYS = 366;

const instant = z.iso.datetime({ offset: true, error: t.invalidDateTime });
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** The filters every analytics route takes (issue 15): a range [from, to), channel, department, employee. */
export const analyticsFilters = z
  .object({
    from: instant,
    to: instant,
    channel: z.string().min(1).max(40).optional(),
    department: objectId.optional(),
    employee: objectId.optional(),
    business_hours: flag,
  })
  .superRefine((query, ctx) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: t.rangeInverted });
    else if (span > MAX_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: t.rangeTooLong });
    }
  });
export type AnalyticsFilters = z.infer<typeof analyticsFilters>;

const seconds = z.number().nullable();
export const durationSummary = z.object({ avg_s: seconds, p50_s: seconds, p90_s: seconds });

/** The overview's measures; a breakdown row carries the same ones. */
export const analyticsMeasures = z.object({
  conversations: z.object({ opened: z.number(), closed: z.number(), open_now: z.number() }),
  wait: durationSummary,
  first_response: durationSummary,
  resolution: durationSummary,
  messages: z.object({ received: z.number(), sent: z.number() }),
  /** The service evaluation: average grade, responses and the count of each grade 1–5 (`grades[0]` = 1). */
  csat: z.object({ average: z.number().nullable(), responses: z.number(), grades: z.array(z.number()) }),
});
export type AnalyticsMeasures = z.infer<typeof analyticsMeasures>;

/** `weekday_hour` (key `<0–6, Sunday first>-<0–23>`) feeds the dashboard's hour × weekday heatmap. */
export const BREAKDOWN_DIMENSIONS = [
  'channel',
  'department',
  'employee',
  'tag',
  'tabulation',
  'hour',
  'day',
  'weekday_hour',
] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

export const breakdownQuery = z.object({ by: z.enum(BREAKDOWN_DIMENSIONS) }).and(analyticsFilters);
export const breakdownRow = analyticsMeasures.extend({ key: z.string(), label: z.string() });
export const breakdownResponse = z.object({ rows: z.array(breakdownRow) });
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const conversationsQuery = z
  .object({
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .and(analyticsFilters);

/** One row per conversation (durations in the mode the business_hours toggle asks for). */
export const conversationRow = z.object({
  conversation: z.string(),
  protocol: z.string(),
  status: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  channel: z.string(),
  integration: z.string(),
  department: z.string().nullable(),
  department_label: z.string(),
  employee: z.string().nullable(),
  employee_name: z.string(),
  tabulation: z.string(),
  customer: z.string(),
  bot: z.boolean(),
  human: z.boolean(),
  assignments: z.number(),
  transfers: z.number(),
  wait_s: seconds,
  first_response_s: seconds,
  resolution_s: seconds,
  messages_in: z.number(),
  messages_out: z.number(),
  tags: z.array(z.string()),
  /** The service evaluation's grade (1–5), once answered. */
  csat: z.number().nullable(),
});
export type ConversationRow = z.infer<typeof conversationRow>;
export const conversationsResponse = z.object({
  rows: z.array(conversationRow),
  next_cursor: z.string().nullable(),
});

export const EXPORT_REPORTS = ['overview', 'breakdown', 'conversations', 'campaigns'] as const;
export type ExportReport = (typeof EXPORT_REPORTS)[number];
export const exportQuery = z
  .object({ report: z.enum(EXPORT_REPORTS), by: z.enum(BREAKDOWN_DIMENSIONS).optional() })
  .and(analyticsFilters);
export const exportResponse = z.object({
  file_name: z.string(),
  content_type: z.literal('text/csv'),
  csv: z.string(),
});

/** The live wallboard (app/analytics/monitoring): who is online and how loaded, what waits where. */
export const monitoringResponse = z.object({
  employees: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      role: z.string(),
      status: z.enum(['online', 'offline']),
      open: z.number(),
      /** The company's max active chats per operator; 0 = no limit. */
      max: z.number(),
    }),
  ),
  queues: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      waiting: z.number(),
      longest_wait_s: z.number().nullable(),
    }),
  ),
  totals: z.object({ bot: z.number(), waiting: z.number(), in_service: z.number() }),
  /** The last 30 and 60 minutes: waits that ended (taken by an employee) and conversations abandoned in queue. */
  recent: z.array(
    z.object({
      minutes: z.number(),
      taken: z.number(),
      wait_p50_s: z.number().nullable(),
      wait_p90_s: z.number().nullable(),
      abandoned: z.number(),
    }),
  ),
  generated_at: z.string(),
});
export type MonitoringView = z.infer<typeof monitoringResponse>;

/** app/home: what matters today in the caller's own scope. */
export const homeSummaryResponse = z.object({
  my_open: z.number(),
  waiting_in_my_queues: z.number(),
  today: analyticsMeasures,
});
export type HomeSummary = z.infer<typeof homeSummaryResponse>;
