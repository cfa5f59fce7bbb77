import type { KeyValueStore } from '../storage/local-store.ts';
import { browserStore, STORAGE_KEYS } from '../storage/local-store.ts';
import { saveTokens } from '../api/tokens.ts';

/** Who is signed in on this browser, kept beside the tokens so a reload can mount the shell. */
export interface StoredEmployee {
  _id: string;
  company: string;
  name: string;
}

export function saveSignIn(
  answer: { accessToken: string; employee: StoredEmployee },
  store: KeyValueStore = browserStore(),
): void {
  saveTokens(answer, store);
  const { _id, company, name } = answer.employee;
  store.setItem(STORAGE_KEYS.employee, JSON.stringify({ _id, company, name }));
}

export function readStoredEmployee(store: KeyValueStore = browserStore()): StoredEmployee | undefined {
  const raw = store.getItem(STORAGE_KEYS.employee);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredEmployee>;
    if (typeof value._id === 'string' && typeof value.company === 'string') {
      return { _id: value._id, company: value.company, name: value.name ?? '' };
    }
  } catch {
    // A hand-edited value means nobody is signed in.
  }
  return undefined;
}

/** The wanted path of an unauthenticated visit, used once after sign-in (spec point 2, route guard). */
export const rememberWantedPath = (path: string, store: KeyValueStore = browserStore()): void =>
  store.setItem(STORAGE_KEYS.redirectAfterLogin, path);

export function takeWantedPath(store: KeyValueStore = browserStore()): string | undefined {
  const path = store.getItem(STORAGE_KEYS.redirectAfterLogin);
  store.removeItem(STORAGE_KEYS.redirectAfterLogin);
  return path && path.startsWith('/app') ? path : undefined;
}

/** The session id claim of an access token (read, not verified: the server verifies). */
export function sessionIdOf(accessToken: string | null): string | undefined {
  const payload = accessToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const id = claims.sessionId ?? claims.sid;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
