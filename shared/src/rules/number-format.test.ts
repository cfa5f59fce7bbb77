import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.ts';

describe('formatNumber (spec point 9: commas as thousands separator)', () => {
  it.each([
    { input: 0, output: '0' },
    { input: 999, output: '999' },
    { input: 1000, output: '1,000' },
    { input: 1234567, output: '1,234,567' },
    { input: -9876543, output: '-9,876,543' },
    { input: 12345.678, output: '12,345.678' },
    { input: '1000000', output: '1,000,000' },
    { input: 'abc', output: 'abc' },
  ])('$input → $output', ({ input, output }) => {
    expect(formatNumber(input)).toBe(output);
  });
});
