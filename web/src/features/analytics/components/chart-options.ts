import type { AnalyticsMeasures, BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { formatNumber } from '@atende/shared/rules/number-format';
import type { EChartsOption } from 'echarts';

const t = ptBR.analytics;
const axisLabel = { formatter: (value: number) => formatNumber(value) };

/** Pure: chart options from breakdown rows (tested without a canvas). */
export function volumeOption(rows: readonly BreakdownRow[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [t.opened, t.closed] },
    xAxis: { type: 'category', data: rows.map((row) => row.label) },
    yAxis: { type: 'value', axisLabel },
    series: [
      { name: t.opened, type: 'bar', data: rows.map((row) => row.conversations.opened) },
      { name: t.closed, type: 'bar', data: rows.map((row) => row.conversations.closed) },
    ],
  };
}

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

export function timesOption(rows: readonly BreakdownRow[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [t.wait, t.firstResponse, t.resolution] },
    xAxis: { type: 'category', data: rows.map((row) => row.label) },
    yAxis: { type: 'value', name: 'min', axisLabel },
    series: [
      { name: t.wait, type: 'line', data: rows.map((row) => minutes(row.wait.avg_s)) },
      { name: t.firstResponse, type: 'line', data: rows.map((row) => minutes(row.first_response.avg_s)) },
      { name: t.resolution, type: 'line', data: rows.map((row) => minutes(row.resolution.avg_s)) },
    ],
  };
}

/** Conversations opened per local weekday (rows) and hour (columns). */
export function heatmapCells(rows: readonly BreakdownRow[]): [number, number, number][] {
  return rows.map((row) => {
    const [weekday = '0', hour = '0'] = row.key.split('-');
    return [Number(hour), Number(weekday), row.conversations.opened];
  });
}

export function heatmapOption(rows: readonly BreakdownRow[]): EChartsOption {
  const cells = heatmapCells(rows);
  return {
    tooltip: { position: 'top' },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, hour) => `${hour}h`) },
    yAxis: { type: 'category', data: [...t.weekdays] },
    visualMap: {
      min: 0,
      max: Math.max(1, ...cells.map((cell) => cell[2])),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
    },
    grid: { bottom: 70 },
    series: [{ type: 'heatmap', data: cells }],
  };
}

export function shareOption(rows: readonly BreakdownRow[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', axisLabel },
    yAxis: { type: 'category', data: rows.map((row) => row.label), inverse: true },
    grid: { left: 140 },
    series: [{ name: t.opened, type: 'bar', data: rows.map((row) => row.conversations.opened) }],
  };
}

/** How many answered each grade, 1 to 5. */
export function csatOption(csat: AnalyticsMeasures['csat']): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: csat.grades.map((_, index) => t.csatGrade.replace('{{grade}}', String(index + 1))),
    },
    yAxis: { type: 'value', axisLabel, minInterval: 1 },
    series: [{ name: t.csatResponses, type: 'bar', data: [...csat.grades] }],
  };
}

/** Conversations opened per local hour of the day, all 24 hours shown (a quiet hour is a zero, not a gap). */
export function peakHoursOption(rows: readonly BreakdownRow[]): EChartsOption {
  const opened = new Map(rows.map((row) => [Number(row.key), row.conversations.opened]));
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return {
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: hours.map((hour) => `${String(hour).padStart(2, '0')}h`) },
    yAxis: { type: 'value', axisLabel, minInterval: 1 },
    series: [{ name: t.opened, type: 'bar', data: hours.map((hour) => opened.get(hour) ?? 0) }],
  };
}
