import { describe, expect, it } from 'vitest';
import { importFormat, previewFile } from './read-file.ts';

describe('importFormat', () => {
  it('accepts CSV and XLSX by extension, any case', () => {
    expect(importFormat('base.CSV')).toBe('csv');
    expect(importFormat('clientes.xlsx')).toBe('xlsx');
    expect(importFormat('clientes.xls')).toBeUndefined();
    expect(importFormat('notes')).toBeUndefined();
  });
});

describe('previewFile', () => {
  it('reads the header and first row of a semicolon CSV', async () => {
    const file = new File(['Nome;Telefone;E-mail\nJoão;11987654321;joao@example.com\nAna;;\n'], 'base.csv');
    expect(await previewFile(file, 'csv')).toEqual({
      format: 'csv',
      headers: ['Nome', 'Telefone', 'E-mail'],
      sample: ['João', '11987654321', 'joao@example.com'],
    });
  });

  it('reads a comma CSV with quoted cells', async () => {
    const file = new File(['"Nome completo",tags\n"Silva, Ana","vip;novo"\n'], 'base.csv');
    const preview = await previewFile(file, 'csv');
    expect(preview.headers).toEqual(['Nome completo', 'tags']);
    expect(preview.sample).toEqual(['Silva, Ana', 'vip;novo']);
  });
});
