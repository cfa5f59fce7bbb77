import { TEMPLATE_STATUSES } from '@atende/shared/domain/constants';
import { describe, expect, it } from 'vitest';
import { approvedTemplates, paramsOf, previewLookup, templateErrors, templatePreview } from './templates.ts';

const template = { header: 'Pedido {{1}}', body: 'Olá {{1}}, o pedido {{2}} saiu.' };
const lookup = previewLookup({ customerName: 'Ana Souza', customerEmail: 'ana@exemplo.com' });

describe('template picker', () => {
  it('offers only approved templates', () => {
    const templates = TEMPLATE_STATUSES.map((status, index) => ({
      _id: index.toString(16).padStart(24, '0'),
      name: `t_${status.toLowerCase()}`,
      status,
    }));
    expect(approvedTemplates(templates).map((item) => item.name)).toEqual(['t_approved']);
  });

  it('previews typed values and contact fields filled', () => {
    const params = paramsOf(template, {
      'header.0': '42',
      'body.0': '{{customer_first_name}}',
      'body.1': '42 ',
    });
    expect(params).toEqual({ header: ['42'], body: ['{{customer_first_name}}', '42'] });
    expect(templatePreview(template, params, lookup)).toEqual({
      header: 'Pedido 42',
      body: 'Olá Ana, o pedido 42 saiu.',
    });
  });

  it('names every missing parameter and leaves unknown fields to the server', () => {
    expect(templateErrors(template, paramsOf(template, { 'body.0': '{{custom.cpf}}' }), lookup)).toEqual({
      'header.0': 'Variável {{1}} do cabeçalho: preencha um valor.',
      'body.1': 'Variável {{2}} do texto: preencha um valor.',
    });
  });
});
