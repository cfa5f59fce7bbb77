import { describe, expect, it } from 'vitest';
import { instagramStatus } from './instagram-status.ts';

describe('Instagram status from the fan pages', () => {
  it.each<{ pages: string[]; instagrams: Record<string, { access_token?: string }>; status: string }>([
    { pages: ['123'], instagrams: { a: { access_token: 't' } }, status: 'connected' },
    { pages: [], instagrams: { a: { access_token: 't' } }, status: 'page-missing' },
    { pages: ['123'], instagrams: { a: {} }, status: 'none' },
    { pages: ['123'], instagrams: {}, status: 'none' },
  ])('$status', ({ pages, instagrams, status }) => {
    expect(instagramStatus(pages, instagrams)).toBe(status);
  });
});
