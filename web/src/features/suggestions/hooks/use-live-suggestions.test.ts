import type { SuggestionView } from '@atende/shared/contracts/suggestions/routes';
import { describe, expect, it } from 'vitest';
import { authorNotice } from './use-live-suggestions.ts';

const company = 'c'.repeat(24);
const author = 'a'.repeat(24);
const other = 'b'.repeat(24);
const suggestion = 'd'.repeat(24);
const items = [{ _id: suggestion, title: 'Atalhos de teclado' }] as SuggestionView[];
const frame = (by: string) => ({
  event: 'suggestion-update' as const,
  data: { company, suggestion, author, status: 'planned' as const, by },
});

describe('the author notice of a live suggestion move', () => {
  it('tells the author when another admin moved their suggestion', () => {
    expect(authorNotice(frame(other), author, items)).toBe(
      'Sua sugestão "Atalhos de teclado" agora está em "Planejada".',
    );
  });

  it('says nothing to the author who moved it, nor to anyone else, nor before the list is known', () => {
    expect(authorNotice(frame(author), author, items)).toBeUndefined();
    expect(authorNotice(frame(other), other, items)).toBeUndefined();
    expect(authorNotice(frame(other), author, undefined)).toBeUndefined();
  });
});
