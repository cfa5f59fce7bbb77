import type { BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { describe, expect, it } from 'vitest';
import { csatOption, heatmapCells, peakHoursOption, volumeOption } from './chart-options.ts';

const row = (key: string, label: string, opened: number, closed = 0): BreakdownRow => ({
  key,
  label,
  conversations: { opened, closed, open_now: 0 },
  wait: { avg_s: null, p50_s: null, p90_s: null },
  first_response: { avg_s: null, p50_s: null, p90_s: null },
  resolution: { avg_s: null, p50_s: null, p90_s: null },
  messages: { received: 0, sent: 0 },
  csat: { average: null, responses: 0, grades: [0, 0, 0, 0, 0] },
});

describe('analytics chart options', () => {
  it('places each weekday×hour row at [hour, weekday, opened]', () => {
    expect(heatmapCells([row('4-17', 'Qui 17h', 3), row('0-9', 'Dom 09h', 1)])).toEqual([
      [17, 4, 3],
      [9, 0, 1],
    ]);
  });

  it('draws opened and closed per day, in the rows order', () => {
    const option = volumeOption([
      row('2026-11-19', '2026-11-19', 2, 1),
      row('2026-11-20', '2026-11-20', 0, 4),
    ]);
    expect(option.series).toEqual([
      expect.objectContaining({ data: [2, 0] }),
      expect.objectContaining({ data: [1, 4] }),
    ]);
  });

  it('draws the CSAT distribution one bar per grade, 1 to 5', () => {
    const option = csatOption({ average: 4, responses: 2, grades: [0, 0, 1, 0, 1] });
    expect(option.xAxis).toMatchObject({ data: ['Nota 1', 'Nota 2', 'Nota 3', 'Nota 4', 'Nota 5'] });
    expect(option.series).toEqual([expect.objectContaining({ data: [0, 0, 1, 0, 1] })]);
  });

  it('draws all 24 local hours for the peak hours, quiet ones as zero', () => {
    const option = peakHoursOption([row('9', '09h', 4), row('17', '17h', 2)]);
    const [series] = option.series as { data: number[] }[];
    expect(series?.data).toHaveLength(24);
    expect([series?.data[9], series?.data[17], series?.data[0]]).toEqual([4, 2, 0]);
  });
});
