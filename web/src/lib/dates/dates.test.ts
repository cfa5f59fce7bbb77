import { describe, expect, it } from 'vitest';
import { formatCompanyTime, inCompanyZone, setCompanyTimezone } from './dates.ts';

describe('dates', () => {
  it('shows instants in America/Fortaleza by default and in the company zone when set', () => {
    setCompanyTimezone(undefined);
    expect(inCompanyZone('2026-01-01T02:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2025-12-31 23:00');
    setCompanyTimezone('Europe/Lisbon');
    expect(inCompanyZone('2026-01-01T02:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2026-01-01 02:00');
    setCompanyTimezone(undefined);
  });

  it('formats in pt-BR', () => {
    expect(inCompanyZone('2026-03-10T15:00:00Z').format('dddd, D [de] MMMM')).toBe(
      'terça-feira, 10 de março',
    );
  });

  it('shows every instant in the company zone, in one of the pt-BR shapes', () => {
    setCompanyTimezone(undefined);
    const at = '2026-11-25T02:30:05Z';
    expect(formatCompanyTime(at)).toBe('24/11/2026 23:30');
    expect(formatCompanyTime(at, 'date')).toBe('24/11/2026');
    expect(formatCompanyTime(at, 'dateTimeSeconds')).toBe('24/11/2026 23:30:05');
    expect(formatCompanyTime(at, 'dayTime')).toBe('24/11 23:30');
    expect(formatCompanyTime(at, 'time')).toBe('23:30');
    setCompanyTimezone('Europe/Lisbon');
    expect(formatCompanyTime(at, 'timeSeconds')).toBe('02:30:05');
    setCompanyTimezone(undefined);
  });
});
