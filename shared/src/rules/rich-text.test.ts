import { describe, expect, it } from 'vitest';
import { richTextTokens } from './rich-text.ts';

describe('richTextTokens (spec point 5: asterisk pairs → bold, underscore pairs → italic)', () => {
  it.each([
    { clause: 'plain text stays one token', input: 'Olá, tudo bem?', tokens: [{ text: 'Olá, tudo bem?' }] },
    {
      clause: 'asterisk pair → bold',
      input: 'Pedido *confirmado* hoje',
      tokens: [{ text: 'Pedido ' }, { text: 'confirmado', bold: true }, { text: ' hoje' }],
    },
    {
      clause: 'underscore pair → italic',
      input: '_obrigado_!',
      tokens: [{ text: 'obrigado', italic: true }, { text: '!' }],
    },
    {
      clause: 'nesting gives bold and italic',
      input: '*_muito_ bom*',
      tokens: [
        { text: 'muito', bold: true, italic: true },
        { text: ' bom', bold: true },
      ],
    },
    { clause: 'an unpaired asterisk stays literal', input: 'nota *5', tokens: [{ text: 'nota *5' }] },
    { clause: 'markers around spaces stay literal', input: '2 * 3 * 4', tokens: [{ text: '2 * 3 * 4' }] },
    {
      clause: 'underscores inside words stay literal',
      input: 'nome_do_cliente',
      tokens: [{ text: 'nome_do_cliente' }],
    },
    {
      clause: 'markup is returned as text, never HTML',
      input: '*<b>x</b>*',
      tokens: [{ text: '<b>x</b>', bold: true }],
    },
  ])('$clause', ({ input, tokens }) => {
    expect(richTextTokens(input)).toEqual(tokens);
  });
});
