import { afterEach, describe, expect, it } from 'vitest';
import { dayjs, setCompanyTimezone } from '../../../lib/dates/dates.ts';
import { toQuery } from './filters.ts';

afterEach(() => setCompanyTimezone(undefined));

describe('analytics filters', () => {
  it("asks for whole days of the company's time zone, not the browser's", () => {
    setCompanyTimezone('America/Fortaleza');
    const query = toQuery({ start: dayjs('2026-11-20'), end: dayjs('2026-11-22'), businessHours: false });
    expect(query).toMatchObject({ from: '2026-11-20T03:00:00.000Z', to: '2026-11-23T03:00:00.000Z' });
    setCompanyTimezone('Asia/Tokyo');
    const tokyo = toQuery({ start: dayjs('2026-11-20'), end: dayjs('2026-11-20'), businessHours: true });
    expect(tokyo).toMatchObject({
      from: '2026-11-19T15:00:00.000Z',
      to: '2026-11-20T15:00:00.000Z',
      business_hours: 'true',
    });
  });
});
