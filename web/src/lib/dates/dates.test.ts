import { describe, expect, it } from 'vitest';
import { inCompanyZone, setCompanyTimezone } from './dates.ts';

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
});
