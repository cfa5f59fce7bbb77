import { describe, expect, it } from 'vitest';
import { displayPhone, maskPhone, toE164 } from './phone-mask.ts';

describe('maskPhone', () => {
  it('formats a Brazilian mobile number as it is typed', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1198')).toBe('(11) 98');
  });

  it('drops letters and stray plus signs', () => {
    expect(maskPhone('11a9876b54321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55+11987654321')).toBe('+55 11 98765 4321');
  });

  it('keeps an empty field empty', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('abc')).toBe('');
  });
});

describe('toE164', () => {
  it('reads numbers without a country code as Brazilian', () => {
    expect(toE164('(11) 98765-4321')).toBe('+5511987654321');
  });

  it('keeps a foreign number with its country code', () => {
    expect(toE164('+1 213 373 4253')).toBe('+12133734253');
  });

  it('refuses a number that cannot exist', () => {
    expect(toE164('123')).toBeUndefined();
    expect(toE164('')).toBeUndefined();
  });
});

describe('displayPhone', () => {
  it('shows Brazilian numbers in national format and others internationally', () => {
    expect(displayPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(displayPhone('+12133734253')).toBe('+1 213 373 4253');
  });

  it('shows masked values from the API unchanged', () => {
    expect(displayPhone('*********4321')).toBe('*********4321');
    expect(displayPhone('********')).toBe('********');
  });
});
