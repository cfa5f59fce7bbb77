import { describe, expect, it } from 'vitest';
import { formatBRL, formatDuration } from './money.ts';

describe('funnel formats', () => {
  it('writes money in BRL the pt-BR way', () => {
    expect(formatBRL(1500.5).replace(/\s/g, ' ')).toBe('R$ 1.500,50');
    expect(formatBRL(0).replace(/\s/g, ' ')).toBe('R$ 0,00');
  });

  it('writes time in a stage in days and hours', () => {
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-04T05:00:00Z')).toBe('3d 5h');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T00:30:00Z')).toBe('< 1h');
    expect(formatDuration('2026-01-01T00:00:00Z', null, Date.parse('2026-01-01T07:00:00Z'))).toBe('7h');
  });
});
