import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/pt-br';
import { describe, expect, it } from 'vitest';
import { RANGE_LOCALE_NAME, rangePickerLocale } from './picker-locale.ts';
import {
  canApplyRange,
  dayjsWeekStart,
  RANGE_FORMATS,
  rangeStep,
  rangeToQuery,
  SPEC_WEEK_START_CODE,
} from './range-rules.ts';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

const day = (text: string) => dayjs(text, 'YYYY-MM-DD');

describe('date-range rules', () => {
  it('asks for the start first, then the end', () => {
    expect(rangeStep({ start: null, end: null })).toBe('pick-start');
    expect(rangeStep({ start: day('2026-11-01'), end: null })).toBe('pick-end');
    expect(rangeStep({ start: day('2026-11-01'), end: day('2026-11-02') })).toBe('complete');
  });

  it('keeps Apply disabled until both dates are picked', () => {
    expect(canApplyRange({ start: null, end: null })).toBe(false);
    expect(canApplyRange({ start: day('2026-11-01'), end: null })).toBe(false);
    expect(canApplyRange({ start: null, end: day('2026-11-01') })).toBe(false);
  });

  it('disables Apply while the start is after the end and allows a one-day range', () => {
    expect(canApplyRange({ start: day('2026-11-03'), end: day('2026-11-02') })).toBe(false);
    expect(canApplyRange({ start: day('2026-11-02'), end: day('2026-11-02') })).toBe(true);
    expect(canApplyRange({ start: day('2026-11-01'), end: day('2026-11-30') })).toBe(true);
  });

  it('compares whole days, so a later hour on the same day still applies', () => {
    const start = dayjs('2026-11-02T18:00:00');
    const end = dayjs('2026-11-02T09:00:00');
    expect(canApplyRange({ start, end })).toBe(true);
  });

  it('turns an applicable range into API dates and refuses the others', () => {
    expect(rangeToQuery({ start: day('2026-11-01'), end: day('2026-11-30') })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(rangeToQuery({ start: day('2026-11-30'), end: day('2026-11-01') })).toBeUndefined();
  });

  it('reads the three spec formats, L being the pt-BR day/month/year', () => {
    expect(RANGE_FORMATS).toEqual(['L', 'YYYY-MM-DD', 'YYYY/MM/DD']);
    expect(day('2026-11-05').locale('pt-br').format('L')).toBe('05/11/2026');
    const longFormat = 'DD/MM/YYYY';
    for (const [text, format] of [
      ['05/11/2026', longFormat],
      ['2026-11-05', 'YYYY-MM-DD'],
      ['2026/11/05', 'YYYY/MM/DD'],
    ] as const) {
      expect(dayjs(text, format, true).format('YYYY-MM-DD')).toBe('2026-11-05');
    }
  });

  it('reads the spec week start code 2 as Monday (codes count from 1 = Sunday)', () => {
    expect(dayjsWeekStart(SPEC_WEEK_START_CODE)).toBe(1);
    expect(dayjsWeekStart(1)).toBe(0);
    expect(() => dayjsWeekStart(0)).toThrow(RangeError);
    expect(() => dayjsWeekStart(8)).toThrow(RangeError);
  });

  it("starts the picker's weeks on Monday without moving pt-BR's own week start", () => {
    const wednesday = day('2026-11-18');
    expect(wednesday.locale(RANGE_LOCALE_NAME).startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
    expect(wednesday.locale('pt-br').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-15');
    expect(rangePickerLocale.lang.locale).toBe(RANGE_LOCALE_NAME);
  });
});
