import type { KeyValueStore } from './local-store.ts';
import { STORAGE_KEYS } from './local-store.ts';

/**
 * AES-256-CBC storage for rollouts and plan features (spec point 9): a random 16-byte IV per write, the key derived
 * with HKDF from a random seed kept by this browser. Values that do not decrypt read as `false` (spec point 7).
 */
export interface EncryptedStore {
  write(key: string, value: unknown): Promise<void>;
  read<T>(key: string): Promise<T | false>;
}

const IV_BYTES = 16;
const SEED_BYTES = 32;

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function createEncryptedStore(
  store: KeyValueStore,
  webCrypto: Crypto = globalThis.crypto,
): EncryptedStore {
  let key: Promise<CryptoKey> | undefined;

  const seed = (): Uint8Array<ArrayBuffer> => {
    const saved = store.getItem(STORAGE_KEYS.deviceSeed);
    if (saved) {
      const bytes = fromBase64(saved);
      if (bytes.length === SEED_BYTES) return bytes;
    }
    const fresh = webCrypto.getRandomValues(new Uint8Array(SEED_BYTES));
    store.setItem(STORAGE_KEYS.deviceSeed, toBase64(fresh));
    return fresh;
  };

  const deriveKey = async (): Promise<CryptoKey> => {
    const material = await webCrypto.subtle.importKey('raw', seed(), 'HKDF', false, ['deriveKey']);
    return webCrypto.subtle.deriveKey(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: new TextEncoder().encode('atende.local-storage'),
        info: new TextEncoder().encode(globalThis.navigator?.userAgent ?? 'node'),
      },
      material,
      { name: 'AES-CBC', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  };

  const cryptoKey = (): Promise<CryptoKey> => {
    key ??= deriveKey();
    return key;
  };

  return {
    async write(name, value) {
      const iv = webCrypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plain = new TextEncoder().encode(JSON.stringify(value));
      const cipher = await webCrypto.subtle.encrypt({ name: 'AES-CBC', iv }, await cryptoKey(), plain);
      store.setItem(name, `${toBase64(iv)}:${toBase64(new Uint8Array(cipher))}`);
    },
    async read<T>(name: string): Promise<T | false> {
      const saved = store.getItem(name);
      if (!saved) return false;
      try {
        const [ivText, cipherText] = saved.split(':');
        if (!ivText || !cipherText) return false;
        const iv = fromBase64(ivText);
        if (iv.length !== IV_BYTES) return false;
        const plain = await webCrypto.subtle.decrypt(
          { name: 'AES-CBC', iv },
          await cryptoKey(),
          fromBase64(cipherText),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as T;
      } catch {
        return false;
      }
    },
  };
}
