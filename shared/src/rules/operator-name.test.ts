import { describe, expect, it } from 'vitest';
import { withOperatorName } from './operator-name.ts';

describe('show operator name', () => {
  it.each([
    ['whatsapp', '*Ana Souza*:\nOlá!'],
    ['official', '*Ana Souza*:\nOlá!'],
    ['telegram', 'Ana Souza:\nOlá!'],
    ['messenger', 'Ana Souza:\nOlá!'],
    ['instagram', 'Ana Souza:\nOlá!'],
    ['widget', 'Olá!'],
    ['email', 'Olá!'],
  ] as const)('heads the text on %s as its clients show it', (channel, expected) => {
    expect(withOperatorName(channel, ' Ana Souza ', 'Olá!')).toBe(expected);
  });

  it('leaves the text alone without a name', () => {
    expect(withOperatorName('whatsapp', undefined, 'Olá!')).toBe('Olá!');
    expect(withOperatorName('whatsapp', '  ', 'Olá!')).toBe('Olá!');
  });
});
