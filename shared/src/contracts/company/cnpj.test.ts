import { describe, expect, it } from 'vitest';
import { cnpjDigits, isValidCnpj } from './cnpj.ts';

describe('isValidCnpj', () => {
  it('accepts CNPJs whose check digits match, masked or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('00000000000191')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits, wrong lengths and half masks', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('11.222333/0001-81')).toBe(false);
  });

  it('keeps only the digits', () => {
    expect(cnpjDigits('11.222.333/0001-81')).toBe('11222333000181');
  });
});
