import type { KeyValueStore } from '../storage/local-store.ts';
import { browserStore, STORAGE_KEYS } from '../storage/local-store.ts';

/** Access and refresh tokens live in local storage (spec point 7: "a bearer token from local storage"). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const readAccessToken = (store: KeyValueStore = browserStore()): string | null =>
  store.getItem(STORAGE_KEYS.accessToken);

export const readRefreshToken = (store: KeyValueStore = browserStore()): string | null =>
  store.getItem(STORAGE_KEYS.refreshToken);

export function saveTokens(tokens: Partial<TokenPair>, store: KeyValueStore = browserStore()): void {
  if (tokens.accessToken) store.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  if (tokens.refreshToken) store.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export const hasSession = (store: KeyValueStore = browserStore()): boolean => readAccessToken(store) !== null;
