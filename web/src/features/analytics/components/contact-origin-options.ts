import type { ContactOriginView } from '@atende/shared/contracts/analytics/contact-origin';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { formatNumber } from '@atende/shared/rules/number-format';
import type { EChartsOption } from 'echarts';

const t = ptBR.analytics.contactOrigin;

/** Pure: contacts created per day, one stacked bar series per origin that has any (tested without a canvas). */
export function contactOriginOption(view: ContactOriginView): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: view.rows.map((row) => row.label) },
    xAxis: { type: 'category', data: view.days.map((day) => day.day) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatNumber(value) } },
    series: view.rows.map((row) => ({
      name: row.label,
      type: 'bar',
      stack: t.contacts,
      data: view.days.map((day) => day.counts[row.key] ?? 0),
    })),
  };
}

/** Each origin's share of the period's contacts, in whole percent. */
export const shareOf = (contacts: number, total: number): string =>
  total > 0 ? `${Math.round((contacts / total) * 100)}%` : '—';
