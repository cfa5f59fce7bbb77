import type { QuickMessageView } from '@atende/shared/contracts/quick-messages/views';
import type { VariableView } from '@atende/shared/contracts/variables/views';
import { describe, expect, it } from 'vitest';
import {
  composerVariableLookup,
  expandLiteralShortcut,
  insertQuickMessage,
  moveHighlight,
  slashQueryAt,
  suggestQuickMessages,
} from './quick-messages.ts';

const qm = (shortcut: string, text: string): QuickMessageView => ({
  _id: shortcut
    .padEnd(24, '0')
    .slice(0, 24)
    .replace(/[^0-9a-f]/g, 'a'),
  shortcut,
  text,
  created_at: '2026-11-25T00:00:00.000Z',
});
const list = [
  qm('boasvindas', 'Olá {{customer_first_name}}, sou {{employee_name}} da {{company_name}}!'),
  qm('boleto', 'Segue o boleto, protocolo {{protocol}}.'),
  qm('obrigado', 'Obrigado pelo contato, {{desconto}}'),
  qm('horario', 'Atendemos em {{business_period}}.'),
];
const variables: VariableView[] = [
  { _id: 'v1', key: 'desconto', label: 'Desconto', value: '10% na próxima compra', default: false },
  { _id: 'company_name', key: 'company_name', label: 'Empresa', value: null, default: true },
];
const lookup = composerVariableLookup({
  customerName: 'Maria Souza',
  protocol: '20261125000001',
  employee: { name: 'Ana', email: 'ana@example.com' },
  company: { name: 'Loja Azul' },
  variables,
});

describe('quick messages in the composer', () => {
  it('recognises a shortcut being typed at the start or after a space, not inside a word or URL', () => {
    expect(slashQueryAt('/boas', 5)).toEqual({ start: 0, end: 5, query: 'boas' });
    expect(slashQueryAt('oi /bo', 6)).toEqual({ start: 3, end: 6, query: 'bo' });
    expect(slashQueryAt('linha\n/', 7)).toEqual({ start: 6, end: 7, query: '' });
    expect(slashQueryAt('https://site.com/boas', 21)).toBeUndefined();
    expect(slashQueryAt('e/ou', 4)).toBeUndefined();
    expect(slashQueryAt('/boas tudo bem', 14)).toBeUndefined();
  });

  it('suggests shortcuts starting with the typed letters first, ignoring case, then those containing them', () => {
    expect(suggestQuickMessages(list, 'O').map((item) => item.shortcut)).toEqual([
      'obrigado',
      'boasvindas',
      'boleto',
      'horario',
    ]);
    expect(suggestQuickMessages(list, 'boas').map((item) => item.shortcut)).toEqual(['boasvindas']);
    expect(suggestQuickMessages(list, 'zzz')).toEqual([]);
    expect(suggestQuickMessages(list, '', 2)).toHaveLength(2);
  });

  it('inserts the chosen quick message in place of the typed shortcut with its variables filled', () => {
    const text = 'Oi! /boas';
    const slash = slashQueryAt(text, text.length);
    if (!slash) throw new Error('expected a shortcut');
    const filled = expandLiteralShortcut('/boasvindas', list, lookup);
    const next = insertQuickMessage(text, slash, filled);
    expect(next.text).toBe('Oi! Olá Maria, sou Ana da Loja Azul!');
    expect(next.caret).toBe(next.text.length);
  });

  it('sends a literal /shortcut as its quick message, case ignored; other texts go as typed', () => {
    expect(expandLiteralShortcut(' /BOLETO ', list, lookup)).toBe(
      'Segue o boleto, protocolo 20261125000001.',
    );
    expect(expandLiteralShortcut('/obrigado', list, lookup)).toBe(
      'Obrigado pelo contato, 10% na próxima compra',
    );
    expect(expandLiteralShortcut('/desconhecido', list, lookup)).toBe('/desconhecido');
    expect(expandLiteralShortcut('veja /boleto', list, lookup)).toBe('veja /boleto');
  });

  it('keeps a variable the browser cannot know visible instead of blank', () => {
    expect(expandLiteralShortcut('/horario', list, lookup)).toBe('Atendemos em {{business_period}}.');
  });

  it('moves the highlight with the arrow keys, wrapping at both ends', () => {
    expect(moveHighlight(0, 1, 3)).toBe(1);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(0, 1, 0)).toBe(0);
  });
});
