import { describe, expect, it, vi } from 'vitest';
import { companyNow, formatCompanyTime, inCompanyZone, setCompanyTimezone } from './dates.ts';

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

  it("starts 'today' on the company's calendar day, not the browser's", () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T02:30:00Z') });
    try {
      setCompanyTimezone(undefined);
      // 23:30 of the 28th in Fortaleza while UTC is already on the 29th.
      expect(companyNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 23:30');
      expect(companyNow().startOf('day').toISOString()).toBe('2026-11-28T03:00:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});
