import { describe, expect, it } from 'vitest';
import { originDetailOfUrl } from './origin-page.ts';

describe('originDetailOfUrl', () => {
  it.each([
    [
      'https://loja.example.com/promocao/?utm_source=google&utm_medium=cpc&utm_campaign=bf&email=a@b.c#topo',
      { page: 'https://loja.example.com/promocao', utm: { source: 'google', medium: 'cpc', campaign: 'bf' } },
    ],
    ['https://loja.example.com/', { page: 'https://loja.example.com/' }],
    [
      'http://loja.example.com:8080/a//?utm_term=%20tênis%20',
      { page: 'http://loja.example.com:8080/a', utm: { term: 'tênis' } },
    ],
    ['https://loja.example.com/x?utm_source=', { page: 'https://loja.example.com/x' }],
  ])('records %s without its query string', (href, expected) => {
    expect(originDetailOfUrl(href)).toEqual(expected);
  });

  it('ignores addresses that are not web pages', () => {
    expect(originDetailOfUrl('file:///home/a.html')).toBeUndefined();
    expect(originDetailOfUrl('não é endereço')).toBeUndefined();
  });

  it('cuts long values to what the contract accepts', () => {
    const detail = originDetailOfUrl(`https://a.example/${'p'.repeat(500)}?utm_content=${'c'.repeat(500)}`);
    expect(detail?.page).toHaveLength(300);
    expect(detail?.utm?.content).toHaveLength(120);
  });
});
