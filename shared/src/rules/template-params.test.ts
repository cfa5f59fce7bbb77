import { describe, expect, it } from 'vitest';
import { checkTemplateParams, fillTemplate, templatePlaceholders } from './template-params.ts';

const template = { header: 'Pedido {{1}}', body: 'Olá {{1}}, seu pedido {{2}} saiu.' };

describe('template parameters', () => {
  it('lists placeholders once, in number order', () => {
    expect(templatePlaceholders('{{2}} e {{1}} e {{ 2 }}')).toEqual(['1', '2']);
  });

  it('fills the preview and keeps a placeholder without value visible', () => {
    expect(fillTemplate(template.body, ['Ana'])).toBe('Olá Ana, seu pedido {{2}} saiu.');
    expect(fillTemplate(template.body, ['Ana', '42'])).toBe('Olá Ana, seu pedido 42 saiu.');
  });

  it('accepts every placeholder filled', () => {
    expect(checkTemplateParams(template, { header: ['42'], body: ['Ana', '42'] })).toEqual([]);
  });

  it('names each missing or invalid placeholder in pt-BR with its field', () => {
    const errors = checkTemplateParams(template, { header: ['x'.repeat(61)], body: ['Ana\nSilva'] });
    expect(errors).toEqual([
      {
        field: 'template_params.header.0',
        message: 'Variável {{1}} do cabeçalho: use no máximo 60 caracteres.',
      },
      {
        field: 'template_params.body.0',
        message: 'Variável {{1}} do texto: não pode ter quebras de linha nem tabulações.',
      },
      { field: 'template_params.body.1', message: 'Variável {{2}} do texto: preencha um valor.' },
    ]);
  });

  it('refuses five spaces in a row, an unresolved variable and extra values', () => {
    const errors = checkTemplateParams(
      { body: 'Oi {{1}} {{2}}' },
      { header: ['sobra'], body: ['a     b', '{{contact.nome}}'] },
    );
    expect(errors.map((error) => error.message)).toEqual([
      'O cabeçalho do template tem 0 variáveis: envie somente elas.',
      'Variável {{1}} do texto: não pode ter mais de 4 espaços seguidos.',
      'Variável {{2}} do texto: há uma variável sem valor para este contato.',
    ]);
  });
});
