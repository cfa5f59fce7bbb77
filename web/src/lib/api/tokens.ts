import type { KeyValueStore } from '../storage/local-store.ts';
import { browserStore, STORAGE_KEYS } from '../storage/local-store.ts';

/**
 * The access token lives in local storage (spec point 7: "a bearer token from local storage"). The refresh
 * token never reaches script: the server keeps it in an HttpOnly cookie sent only to the refresh and revoke
 * routes, so a script injected into the page cannot carry the long-lived credential away.
 */
export interface TokenPair {
  accessToken: string;
}

export const readAccessToken = (store: KeyValueStore = browserStore()): string | null =>
  store.getItem(STORAGE_KEYS.accessToken);

export function saveTokens(tokens: Partial<TokenPair>, store: KeyValueStore = browserStore()): void {
  if (tokens.accessToken) store.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  // A refresh token stored by an older build of the app is dropped: the cookie replaces it.
  store.removeItem(STORAGE_KEYS.refreshToken);
}

export const hasSession = (store: KeyValueStore = browserStore()): boolean => readAccessToken(store) !== null;
