import { describe, expect, it } from 'vitest';
import { creatableTagName, splitTagNames, unknownTagNames } from './unknown-tags.ts';

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

  it('offers to create a typed tag only when it is new, not blank and fits 40 characters', () => {
    const tags = [{ name: 'Promoção' }];
    expect(creatableTagName('  Atacado ', tags)).toBe('Atacado');
    expect(creatableTagName('PROMOCAO', tags)).toBeUndefined();
    expect(creatableTagName('   ', tags)).toBeUndefined();
    expect(creatableTagName('x'.repeat(41), tags)).toBeUndefined();
  });
});
