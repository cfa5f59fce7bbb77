import { commandBody } from '@atende/shared/contracts/commands/views';
import { customFieldBody } from '@atende/shared/contracts/custom-fields/views';
import { quickMessageBody } from '@atende/shared/contracts/quick-messages/views';
import { tagBody } from '@atende/shared/contracts/tags/views';
import { variableBody } from '@atende/shared/contracts/variables/views';
import { describe, expect, it } from 'vitest';
import { insertVariable, schemaError } from './schema-rule.ts';

describe('schemaError on the organizing forms', () => {
  it('says a required field is required', () => {
    expect(schemaError(tagBody.shape.name, '')).toBe('Campo obrigatório.');
    expect(schemaError(quickMessageBody.shape.text, undefined)).toBe('Campo obrigatório.');
    expect(schemaError(quickMessageBody.shape.shortcut, null)).toBe('Campo obrigatório.');
  });

  it('allows only letters, digits and underscore in shortcuts and commands', () => {
    expect(schemaError(quickMessageBody.shape.shortcut, 'bom_dia2')).toBeUndefined();
    expect(schemaError(quickMessageBody.shape.shortcut, 'bom dia')).toBe(
      'Use somente letras, números e sublinhado.',
    );
    expect(schemaError(commandBody.shape.command, 'ajuda!')).toBe(
      'Use somente letras, números e sublinhado.',
    );
  });

  it('checks tag colours and variable and custom field keys', () => {
    expect(schemaError(tagBody.shape.color, '#ff0000')).toBeUndefined();
    expect(schemaError(tagBody.shape.color, 'red')).toBe('Cor inválida: use o formato #RRGGBB.');
    expect(schemaError(variableBody.shape.key, 'Loja')).toBe(
      'Use letras minúsculas, números e sublinhado, começando por uma letra.',
    );
    expect(schemaError(customFieldBody, { key: 'plano', label: 'Plano', type: 'select', options: [] })).toBe(
      'Informe ao menos uma opção.',
    );
  });
});

describe('insertVariable', () => {
  it('inserts the variable at the cursor, or at the end', () => {
    expect(insertVariable('Olá , tudo bem?', 'customer_first_name', 4)).toBe(
      'Olá {{customer_first_name}}, tudo bem?',
    );
    expect(insertVariable('Protocolo: ', 'protocol')).toBe('Protocolo: {{protocol}}');
  });
});
