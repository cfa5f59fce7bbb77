import { describe, expect, it } from 'vitest';
import { unknownVariables } from './message-variables.ts';

const known = { companyVariables: ['pix'], customFields: ['cpf'] };

describe('unknown variables in a message', () => {
  it('names each reference nothing resolves, once, in the order typed', () => {
    expect(
      unknownVariables(
        'Olá {{customer_first_name}}, seu CPF {{custom.cpf}}, chave {{pix}}: {{cupom}} {{custom.rg}} {{cupom}}',
        known,
      ),
    ).toEqual(['cupom', 'custom.rg']);
  });

  it('knows contact fields and finds nothing in plain text', () => {
    expect(unknownVariables('Seu e-mail é {{contact.email}}', known)).toEqual([]);
    expect(unknownVariables('Sem variáveis, só {chaves} soltas', known)).toEqual([]);
  });
});
