import { isValidCnpj } from '@atende/shared/contracts/company/cnpj';
import { describe, expect, it } from 'vitest';
import { maskCnpj } from './cnpj.ts';

describe('CNPJ mask', () => {
  it('masks digits as 00.000.000/0000-00 while typing and drops extra characters', () => {
    expect(maskCnpj('')).toBe('');
    expect(maskCnpj('11')).toBe('11');
    expect(maskCnpj('11222')).toBe('11.222');
    expect(maskCnpj('11222333')).toBe('11.222.333');
    expect(maskCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11.222.333/0001-8199a')).toBe('11.222.333/0001-81');
  });

  it('produces what the API accepts for a valid CNPJ and keeps an invalid one invalid', () => {
    expect(isValidCnpj(maskCnpj('11222333000181'))).toBe(true);
    expect(isValidCnpj(maskCnpj('11222333000182'))).toBe(false);
    expect(isValidCnpj(maskCnpj('1122233300018'))).toBe(false);
  });
});
