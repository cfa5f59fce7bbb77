import type { BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { afterEach, describe, expect, it } from 'vitest';
import { dayjs, setCompanyTimezone } from '../../../lib/dates/dates.ts';
import { builderOption, measureOf, reportQuery } from './builder-options.ts';

const row = (label: string, opened: number, waitP90: number | null): BreakdownRow => ({
  key: label,
  label,
  conversations: { opened, closed: 0, open_now: 0 },
  wait: { avg_s: null, p50_s: null, p90_s: waitP90 },
  first_response: { avg_s: null, p50_s: null, p90_s: null },
  resolution: { avg_s: null, p50_s: null, p90_s: null },
  messages: { received: 0, sent: 0 },
  csat: { average: 4.5, responses: 2, grades: [0, 0, 0, 1, 1] },
});

afterEach(() => setCompanyTimezone(undefined));

describe('report builder options', () => {
  it('reads the picked measure of each row', () => {
    expect(measureOf(row('Vendas', 3, 600), 'wait_p90')).toBe(600);
    expect(measureOf(row('Vendas', 3, 600), 'opened')).toBe(3);
    expect(measureOf(row('Vendas', 3, null), 'csat_average')).toBe(4.5);
  });

  it('draws durations in minutes as bars or lines, and counts as a pie', () => {
    const rows = [row('Vendas', 3, 600), row('Suporte', 1, null)];
    const line = builderOption(rows, { measure: 'wait_p90', chart: 'line' });
    expect(line.series).toEqual([expect.objectContaining({ type: 'line', data: [10, null] })]);
    const pie = builderOption(rows, { measure: 'opened', chart: 'pie' });
    expect(pie.series).toEqual([
      expect.objectContaining({
        type: 'pie',
        data: [
          { name: 'Vendas', value: 3 },
          { name: 'Suporte', value: 1 },
        ],
      }),
    ]);
  });

  it("asks for the period's whole company days with the saved filters", () => {
    setCompanyTimezone('America/Fortaleza');
    const query = reportQuery(
      { period: '7d', filters: { channel: 'widget', business_hours: true } },
      dayjs('2026-11-25'),
    );
    expect(query).toEqual({
      from: '2026-11-19T03:00:00.000Z',
      to: '2026-11-26T03:00:00.000Z',
      channel: 'widget',
      business_hours: 'true',
    });
  });
});
