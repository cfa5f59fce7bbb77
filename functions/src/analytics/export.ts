import type {
  AnalyticsFilters,
  AnalyticsMeasures,
  BreakdownDimension,
  ExportReport,
} from '@atende/shared/contracts/analytics/views';
import { formsPtBR } from '@atende/shared/i18n/pt-BR';
import Papa from 'papaparse';
import type { AuthContext } from '../lib/auth-context.ts';
import { Invalid } from '../lib/errors.ts';
import { campaignReport } from './campaign-report.ts';
import { conversationPage } from './conversations.ts';
import { scopeOf } from './scope.ts';
import { breakdown, overview } from './service.ts';

/** A conversations export reads at most this many rows (pages of 200): a report, not a backup. */
const MAX_EXPORT_ROWS = 20_000;

/** The measures as CSV columns, named as the API names them. */
const measureColumns = (measures: AnalyticsMeasures) => ({
  opened: measures.conversations.opened,
  closed: measures.conversations.closed,
  open_now: measures.conversations.open_now,
  wait_avg_s: measures.wait.avg_s,
  wait_p50_s: measures.wait.p50_s,
  wait_p90_s: measures.wait.p90_s,
  first_response_avg_s: measures.first_response.avg_s,
  first_response_p50_s: measures.first_response.p50_s,
  first_response_p90_s: measures.first_response.p90_s,
  resolution_avg_s: measures.resolution.avg_s,
  resolution_p50_s: measures.resolution.p50_s,
  resolution_p90_s: measures.resolution.p90_s,
  messages_received: measures.messages.received,
  messages_sent: measures.messages.sent,
  csat_average: measures.csat.average,
  csat_responses: measures.csat.responses,
  ...Object.fromEntries(measures.csat.grades.map((count, index) => [`csat_${index + 1}`, count])),
});

/**
 * The CSV of a report, built from the very answer the screen gets (same service call, same filters,
 * business-hours toggle included), so the file and the screen never disagree.
 */
export async function exportReport(
  auth: AuthContext,
  query: AnalyticsFilters & { report: ExportReport; by?: BreakdownDimension },
) {
  const stamp = `${query.from.slice(0, 10)}_${query.to.slice(0, 10)}`;
  let rows: Record<string, unknown>[];
  if (query.report === 'overview') {
    rows = [measureColumns(await overview(auth, query))];
  } else if (query.report === 'breakdown') {
    const by = query.by;
    if (!by) throw new Invalid('by', formsPtBR.requiredField);
    const answer = await breakdown(auth, { ...query, by });
    rows = answer.rows.map((row) => ({ key: row.key, label: row.label, ...measureColumns(row) }));
  } else if (query.report === 'campaigns') {
    // The rows of the campaigns tab as they are: its counts are the file's.
    rows = (await campaignReport(auth, query)).rows;
  } else {
    const scope = await scopeOf(auth, query);
    rows = [];
    let cursor: string | undefined;
    do {
      const page = await conversationPage(scope, query, { cursor, limit: 200 });
      rows.push(...page.rows.map((row) => ({ ...row, tags: row.tags.join(' ') })));
      cursor = page.next_cursor ?? undefined;
    } while (cursor && rows.length < MAX_EXPORT_ROWS);
  }
  const name = query.report === 'breakdown' ? `breakdown-${query.by}` : query.report;
  return {
    file_name: `analytics-${name}-${stamp}.csv`,
    content_type: 'text/csv' as const,
    csv: Papa.unparse(rows),
  };
}
