import { describe, expect, it } from 'vitest';
import { clearSession, loadSession, saveSession, tokenCompany } from './session-store.ts';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const session = { visitorId: 'a'.repeat(24), token: 'x.y.z', expiresAt: '2026-12-21T10:00:00.000Z' };

describe('visitor session storage', () => {
  it('keeps the session per widget until it expires, so a reload finds it', () => {
    const storage = memoryStorage();
    saveSession(storage, 'w1', session);
    expect(loadSession(storage, 'w1', Date.parse('2026-11-21T10:00:00.000Z'))).toEqual(session);
    expect(loadSession(storage, 'w2', Date.parse('2026-11-21T10:00:00.000Z'))).toBeUndefined();
    expect(loadSession(storage, 'w1', Date.parse('2026-12-22T10:00:00.000Z'))).toBeUndefined();
    clearSession(storage, 'w1');
    expect(loadSession(storage, 'w1', Date.parse('2026-11-21T10:00:00.000Z'))).toBeUndefined();
  });

  it('treats garbage or a missing storage as no session', () => {
    const storage = memoryStorage();
    storage.setItem('atende-widget:w1', '{not json');
    expect(loadSession(storage, 'w1')).toBeUndefined();
    expect(loadSession(undefined, 'w1')).toBeUndefined();
  });

  it('reads the company id from the token payload', () => {
    const payload = Buffer.from(JSON.stringify({ cid: 'b'.repeat(24) })).toString('base64url');
    expect(tokenCompany(`h.${payload}.s`)).toBe('b'.repeat(24));
    expect(tokenCompany('garbage')).toBeUndefined();
  });
});
