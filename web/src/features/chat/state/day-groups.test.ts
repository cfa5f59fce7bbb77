import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './day-groups.ts';

const ZONE = 'America/Fortaleza';
const NOW = new Date('2026-11-21T15:00:00-03:00');

describe('day separators', () => {
  it('labels today and yesterday, then the long pt-BR date', () => {
    expect(dayLabel(new Date('2026-11-21T08:00:00-03:00'), NOW, ZONE)).toBe('Hoje');
    expect(dayLabel(new Date('2026-11-20T23:59:00-03:00'), NOW, ZONE)).toBe('Ontem');
    expect(dayLabel(new Date('2026-11-19T10:00:00-03:00'), NOW, ZONE)).toBe('19 de novembro de 2026');
  });

  it('uses the company time zone to decide the day', () => {
    // 01:30 UTC on the 21st is still the 20th in Fortaleza.
    expect(dayLabel(new Date('2026-11-21T01:30:00Z'), NOW, ZONE)).toBe('Ontem');
  });

  it('puts one separator before the first message of each day', () => {
    const items = [
      { id: 'a', at: '2026-11-19T10:00:00-03:00' },
      { id: 'b', at: '2026-11-19T11:00:00-03:00' },
      { id: 'c', at: '2026-11-20T09:00:00-03:00' },
      { id: 'd', at: '2026-11-21T09:00:00-03:00' },
      { id: 'e', at: '2026-11-21T09:01:00-03:00' },
    ];
    const rows = groupByDay(
      items,
      (i) => i.at,
      (i) => i.id,
      NOW,
      ZONE,
    );
    expect(rows.map((row) => (row.kind === 'day' ? row.label : row.key))).toEqual([
      '19 de novembro de 2026',
      'a',
      'b',
      'Ontem',
      'c',
      'Hoje',
      'd',
      'e',
    ]);
  });

  it('crosses a year boundary with the full date', () => {
    expect(dayLabel(new Date('2025-12-31T12:00:00-03:00'), NOW, ZONE)).toBe('31 de dezembro de 2025');
  });
});
