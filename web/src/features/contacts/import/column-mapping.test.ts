import { describe, expect, it } from 'vitest';
import {
  autoMapColumns,
  columnsByField,
  mappingProblem,
  normalizeHeader,
  toImportMapping,
} from './column-mapping.ts';

describe('normalizeHeader', () => {
  it('ignores case, accents, spaces and punctuation', () => {
    expect(normalizeHeader('  E-mail ')).toBe('e mail');
    expect(normalizeHeader('Número')).toBe('numero');
    expect(normalizeHeader('telefone_celular')).toBe('telefone celular');
  });
});

describe('autoMapColumns', () => {
  it('maps common Portuguese and English headers to contact fields', () => {
    expect(autoMapColumns(['Nome', 'Celular', 'E-mail', 'Etiquetas'])).toEqual([
      'full_name',
      'cel_phone',
      'email',
      'tags',
    ]);
    expect(autoMapColumns(['full_name', 'cel_phone', 'email', 'tags'])).toEqual([
      'full_name',
      'cel_phone',
      'email',
      'tags',
    ]);
  });

  it('maps custom fields by key or label and ignores unknown columns', () => {
    const fields = [
      { key: 'cpf', label: 'CPF' },
      { key: 'data_nascimento', label: 'Data de nascimento' },
    ];
    expect(autoMapColumns(['CPF', 'Data de Nascimento', 'Observação'], fields)).toEqual([
      'custom:cpf',
      'custom:data_nascimento',
      'ignore',
    ]);
  });

  it('gives a field to its first column only', () => {
    expect(autoMapColumns(['Telefone', 'Celular', ''])).toEqual(['cel_phone', 'ignore', 'ignore']);
  });
});

describe('columnsByField', () => {
  it('turns column guesses into the column of each field', () => {
    expect(columnsByField(['Nome', 'Obs', 'Fone'], ['full_name', 'ignore', 'cel_phone'])).toEqual({
      full_name: 'Nome',
      cel_phone: 'Fone',
    });
  });
});

describe('toImportMapping', () => {
  it('maps each field to its column header, custom fields apart', () => {
    expect(toImportMapping({ full_name: 'Nome', cel_phone: 'Fone', 'custom:cpf': 'CPF' })).toEqual({
      full_name: 'Nome',
      cel_phone: 'Fone',
      custom_fields: { cpf: 'CPF' },
    });
  });

  it('leaves out fields with no column and sends no empty custom_fields', () => {
    expect(toImportMapping({ full_name: 'Nome', email: '' })).toEqual({ full_name: 'Nome' });
  });
});

describe('mappingProblem', () => {
  it('needs the column with the contact name', () => {
    expect(mappingProblem({ email: 'E-mail' })).toBe('no-name');
    expect(mappingProblem({ full_name: 'Nome' })).toBeUndefined();
  });
});
