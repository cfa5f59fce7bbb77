import { describe, expect, it } from 'vitest';
import { formatBRL, formatBrasilia, formatMoney } from './hub-format.ts';

describe('hub formats (currency BRL, Brasília −03:00)', () => {
  it.each([
    [499.9, 'R$\u00a0499,90'],
    [1234567.5, 'R$\u00a01.234.567,50'],
    [0, 'R$\u00a00,00'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatBRL(amount)).toBe(text);
  });

  it('formats other currencies the pt-BR way (Gupshup credits are dollars)', () => {
    expect(formatMoney(41.938, 'USD')).toBe('US$\u00a041,94');
    expect(formatMoney(10, 'BRL')).toBe(formatBRL(10));
  });

  it('shows times three hours behind UTC, across midnight', () => {
    expect(formatBrasilia('2026-11-25T02:30:00.000Z')).toBe('24/11/2026 23:30');
    expect(formatBrasilia(new Date('2026-07-01T15:00:00Z'))).toBe('01/07/2026 12:00');
  });
});
