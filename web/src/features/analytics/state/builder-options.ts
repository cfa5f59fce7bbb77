import type { ReportMeasure, SavedReportView } from '@atende/shared/contracts/analytics/saved-reports';
import type { BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { Dayjs } from 'dayjs';
import type { EChartsOption } from 'echarts';
import type { AnalyticsQuery } from '../api/analytics-api.ts';
import { toQuery } from './filters.ts';

const t = ptBR.analytics.builder;

/** Pure: one measure of a breakdown row (durations in seconds), null where there is no figure. */
export function measureOf(row: BreakdownRow, measure: ReportMeasure): number | null {
  switch (measure) {
    case 'opened':
    case 'closed':
    case 'open_now':
      return row.conversations[measure];
    case 'received':
    case 'sent':
      return row.messages[measure];
    case 'wait_avg':
      return row.wait.avg_s;
    case 'wait_p90':
      return row.wait.p90_s;
    case 'first_response_avg':
      return row.first_response.avg_s;
    case 'first_response_p90':
      return row.first_response.p90_s;
    case 'resolution_avg':
      return row.resolution.avg_s;
    case 'resolution_p90':
      return row.resolution.p90_s;
    case 'csat_average':
      return row.csat.average;
    case 'csat_responses':
      return row.csat.responses;
  }
}

export const isDuration = (measure: ReportMeasure): boolean => /_(avg|p90)$/.test(measure);

/** Pure: a saved report's chart of the breakdown rows (durations drawn in minutes). */
export function builderOption(
  rows: readonly BreakdownRow[],
  report: Pick<SavedReportView, 'measure' | 'chart'>,
): EChartsOption {
  const name = t.measures[report.measure];
  const values = rows.map((row) => {
    const value = measureOf(row, report.measure);
    return value !== null && isDuration(report.measure) ? Math.round(value / 6) / 10 : value;
  });
  if (report.chart === 'pie') {
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          name,
          type: 'pie',
          radius: '70%',
          data: rows.map((row, index) => ({ name: row.label, value: values[index] ?? 0 })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: rows.map((row) => row.label) },
    yAxis: { type: 'value', name: isDuration(report.measure) ? 'min' : undefined, minInterval: 1 },
    series: [{ name, type: report.chart === 'line' ? 'line' : 'bar', data: values }],
  };
}

const PERIOD_DAYS = { today: 1, '7d': 7, '30d': 30, '90d': 90 } as const;

/** Pure: the API query of a saved report on `today`: its last N whole company days and its filters. */
export function reportQuery(
  report: Pick<SavedReportView, 'period' | 'filters'>,
  today: Dayjs,
): AnalyticsQuery {
  return toQuery({
    start: today.subtract(PERIOD_DAYS[report.period] - 1, 'day'),
    end: today,
    channel: report.filters.channel,
    department: report.filters.department,
    employee: report.filters.employee,
    businessHours: report.filters.business_hours,
  });
}
