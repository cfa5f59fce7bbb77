import { describe, expect, it } from 'vitest';
import { importOutcome } from './import-outcome.ts';

describe('import results that tell the truth', () => {
  it('never shows a success check when nothing was created and rows were refused', () => {
    expect(importOutcome({ status: 'done', created: 0, duplicates: 0, errors: 20 })).toEqual({
      tone: 'error',
      title: 'Nenhum contato foi importado',
      summary: '0 contatos criados, 0 já existentes, 20 linhas com erro',
    });
  });

  it('warns when some rows were refused, succeeds only when all went in, and speaks singular for one', () => {
    expect(importOutcome({ status: 'done', created: 1, duplicates: 1, errors: 1 })).toEqual({
      tone: 'warning',
      title: 'Importação concluída com erros',
      summary: '1 contato criado, 1 já existente, 1 linha com erro',
    });
    expect(importOutcome({ status: 'done', created: 5, duplicates: 0, errors: 0 }).tone).toBe('success');
    expect(importOutcome({ status: 'done', created: 0, duplicates: 3, errors: 0 }).tone).toBe('info');
    expect(importOutcome({ status: 'failed', created: 2, duplicates: 0, errors: 0 }).tone).toBe('error');
  });
});
