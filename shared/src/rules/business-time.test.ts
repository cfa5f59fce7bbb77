import { describe, expect, it } from 'vitest';
import { businessSeconds, type OfficeCalendar } from './business-time.ts';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
  day,
  start: '08:00',
  end: '18:00',
}));
/** Fortaleza is UTC−3 all year; 2026-11-20 (a Friday) is a holiday. */
const calendar: OfficeCalendar = {
  enabled: true,
  weekly: weekdays,
  holidays: [{ date: '2026-11-20', recurring: false }],
  timeZone: 'America/Fortaleza',
};
const H = 3600;

describe('business seconds', () => {
  it.each([
    ['inside one working day', '2026-11-19T12:00:00Z', '2026-11-19T13:30:00Z', 1.5 * H],
    [
      'from Thursday 17:00 across the holiday and the weekend to Monday 09:00',
      '2026-11-19T20:00:00Z',
      '2026-11-23T12:00:00Z',
      2 * H,
    ],
    ['a night outside office hours', '2026-11-23T22:00:00Z', '2026-11-24T10:00:00Z', 0],
    ['a whole working week', '2026-11-23T03:00:00Z', '2026-11-28T03:00:00Z', 50 * H],
    ['an end before the start', '2026-11-24T10:00:00Z', '2026-11-23T10:00:00Z', 0],
  ])('%s', (_, from, to, expected) => {
    expect(businessSeconds(new Date(from), new Date(to), calendar)).toBe(expected);
  });

  it('counts a recurring holiday in any year', () => {
    const recurring = { ...calendar, holidays: [{ date: '2019-11-20', recurring: true }] };
    expect(
      businessSeconds(new Date('2026-11-20T11:00:00Z'), new Date('2026-11-20T21:00:00Z'), recurring),
    ).toBe(0);
  });

  it('counts every second when office hours are off', () => {
    const off = { ...calendar, enabled: false };
    expect(businessSeconds(new Date('2026-11-21T00:00:00Z'), new Date('2026-11-22T00:00:00Z'), off)).toBe(
      24 * H,
    );
  });
});
