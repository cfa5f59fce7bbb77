import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config.ts';

describe('runtime config', () => {
  it('reads the deployment values', () => {
    expect(
      parseRuntimeConfig(
        {
          apiUrl: 'https://api.example.com/api/',
          wsUrl: 'wss://ws.example.com',
          productSlug: 'chat',
          helpLinks: { manual: 'https://help.example.com' },
        },
        'https://app.example.com',
      ),
    ).toEqual({
      apiUrl: 'https://api.example.com/api',
      wsUrl: 'wss://ws.example.com',
      productSlug: 'chat',
      helpLinks: { manual: 'https://help.example.com' },
    });
  });

  it('falls back to same-origin API and socket and the atende product', () => {
    expect(
      parseRuntimeConfig({ helpLinks: { updates: 'javascript:alert(1)' } }, 'http://localhost:3000'),
    ).toEqual({
      apiUrl: 'http://localhost:3000/api',
      wsUrl: 'ws://localhost:3000/ws',
      productSlug: 'atende',
      helpLinks: {},
    });
  });

  it('resolves the shipped help pages against the site and refuses protocol-relative links', () => {
    expect(
      parseRuntimeConfig(
        { helpLinks: { manual: '/ajuda/manual.html', updates: '//evil.example.com/x' } },
        'https://app.example.com',
      ).helpLinks,
    ).toEqual({ manual: 'https://app.example.com/ajuda/manual.html' });
  });
});
