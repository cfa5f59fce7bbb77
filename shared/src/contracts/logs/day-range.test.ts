import { describe, expect, it } from 'vitest';
import { dayRangeInstants } from './day-range.ts';

describe('dayRangeInstants', () => {
  it("bounds the days in the company's timezone, the last day included", () => {
    expect(dayRangeInstants({ from: '2026-03-01', to: '2026-03-02' }, 'America/Fortaleza')).toEqual({
      fromIso: '2026-03-01T03:00:00.000Z',
      toIso: '2026-03-03T03:00:00.000Z',
    });
  });

  it('leaves an open side open', () => {
    expect(dayRangeInstants({ to: '2026-03-02' }, 'Europe/Lisbon')).toEqual({
      toIso: '2026-03-03T00:00:00.000Z',
    });
    expect(dayRangeInstants({}, 'Europe/Lisbon')).toEqual({});
  });
});
