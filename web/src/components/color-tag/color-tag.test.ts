import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './color-tag.tsx';

describe('text on a user-chosen colour', () => {
  it('is dark on light colours and white on dark ones', () => {
    expect(readableTextOn('#faad14')).toBe('rgba(0, 0, 0, 0.88)');
    expect(readableTextOn('#ffffff')).toBe('rgba(0, 0, 0, 0.88)');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
  });
});

describe('contrast ratio', () => {
  it('matches the WCAG figures for known pairs, translucent text included', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });
});
