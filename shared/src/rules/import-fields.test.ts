import { describe, expect, it } from 'vitest';
import { importFieldLabel } from './import-fields.ts';

describe('import field labels', () => {
  it('names refused fields with the labels of the mapping step, not raw keys', () => {
    const custom = new Map([['cpf', 'CPF do cliente']]);
    expect(importFieldLabel('tags', custom)).toBe('Tags');
    expect(importFieldLabel('cel_phone', custom)).toBe('Telefone');
    expect(importFieldLabel('custom_fields.cpf', custom)).toBe('CPF do cliente');
    expect(importFieldLabel('custom_fields.gone', custom)).toBe('gone');
  });
});
