import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhone } from './phone.ts';

describe('phone normalization', () => {
  it('reads Brazilian numbers without a country code and any notation as E.164', () => {
    expect(normalizePhone('(85) 98888-7777')).toBe('+5585988887777');
    expect(normalizePhone('+55 85 98888-7777')).toBe('+5585988887777');
    expect(normalizePhone('5585988887777')).toBe('+5585988887777');
    expect(normalizePhone('+1 650 253 0000')).toBe('+16502530000');
  });

  it('reads a foreign WhatsApp id as international even when its length fits a Brazilian number', () => {
    // Only the max metadata checks the digits: with the min metadata "16502530000" passes as a Brazilian
    // number (it only checks lengths), so phone.ts must keep libphonenumber-js/max.
    expect(normalizePhone('16502530000')).toBe('+16502530000');
  });

  it('refuses text and impossible numbers', () => {
    expect(normalizePhone('abc')).toBeUndefined();
    expect(normalizePhone('123')).toBeUndefined();
  });

  it('lowercases e-mails', () => {
    expect(normalizeEmail(' Ana@Exemplo.COM ')).toBe('ana@exemplo.com');
  });
});
