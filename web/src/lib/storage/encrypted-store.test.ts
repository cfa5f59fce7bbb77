import { describe, expect, it } from 'vitest';
import { createEncryptedStore } from './encrypted-store.ts';
import { MemoryStore, STORAGE_KEYS } from './local-store.ts';

describe('encrypted local storage', () => {
  it('reads back what it wrote, without keeping the plain text', async () => {
    const store = new MemoryStore();
    const encrypted = createEncryptedStore(store);
    const rollouts = ['rdcbill:plan-access-control', 'ai:smart-assistant'];
    await encrypted.write(STORAGE_KEYS.rollouts, rollouts);

    const raw = store.getItem(STORAGE_KEYS.rollouts) ?? '';
    expect(raw).not.toContain('rdcbill');
    expect(await encrypted.read(STORAGE_KEYS.rollouts)).toEqual(rollouts);
  });

  it('uses a fresh 16-byte IV on every write', async () => {
    const store = new MemoryStore();
    const encrypted = createEncryptedStore(store);
    await encrypted.write('k', { a: 1 });
    const first = store.getItem('k') ?? '';
    await encrypted.write('k', { a: 1 });
    const second = store.getItem('k') ?? '';
    expect(first).not.toEqual(second);
    expect(atob(first.split(':')[0] ?? '')).toHaveLength(16);
  });

  it('a second store on the same browser storage decrypts with the same derived key', async () => {
    const store = new MemoryStore();
    await createEncryptedStore(store).write('features', ['webhooks']);
    expect(await createEncryptedStore(store).read('features')).toEqual(['webhooks']);
  });

  it('reads tampered, foreign or missing values as false', async () => {
    const store = new MemoryStore();
    const encrypted = createEncryptedStore(store);
    await encrypted.write('k', ['x']);
    const [iv, cipher] = (store.getItem('k') ?? '').split(':');
    store.setItem('k', `${iv}:${(cipher ?? '').slice(0, -4)}AAA=`);
    expect(await encrypted.read('k')).toBe(false);

    const otherBrowser = new MemoryStore();
    await createEncryptedStore(otherBrowser).write('k', ['x']);
    store.setItem('k', otherBrowser.getItem('k') ?? '');
    expect(await encrypted.read('k')).toBe(false);

    store.setItem('k', 'not encrypted');
    expect(await encrypted.read('k')).toBe(false);
    expect(await encrypted.read('absent')).toBe(false);
  });
});
