import { describe, expect, it } from 'vitest';
import { splitTagNames, unknownTagNames } from './unknown-tags.ts';

describe('unknown tags in an import file', () => {
  it('splits a tags cell on commas and semicolons', () => {
    expect(splitTagNames(' VIP; Promoção ,, cliente novo ')).toEqual(['VIP', 'Promoção', 'cliente novo']);
  });

  it('lists each name that matches no tag once, ignoring case and accents as the server does', () => {
    const tags = [{ name: 'VIP' }, { name: 'Promoção' }];
    expect(unknownTagNames(['vip', 'promocao', 'Atacado', 'atacado', 'Varejo'], tags)).toEqual([
      'Atacado',
      'Varejo',
    ]);
    expect(unknownTagNames(['VIP'], tags)).toEqual([]);
  });
});
