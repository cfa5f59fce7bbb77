import { describe, expect, it } from 'vitest';
import { count, duration } from './format.ts';

describe('analytics formats', () => {
  it.each([
    [null, '—'],
    [45, '45s'],
    [725, '12min 05s'],
    [12_000, '3h 20min'],
    [187_200, '2d 4h'],
    [1_000 * 86_400, '1,000d 0h'],
  ])('shows %s seconds as %s', (seconds, text) => {
    expect(duration(seconds)).toBe(text);
  });

  it('puts commas as thousands separators (spec point 9)', () => {
    expect(count(1234567)).toBe('1,234,567');
    expect(count(undefined)).toBe('—');
  });
});
