/** The slice of the Web Storage API the app uses; tests pass an in-memory one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export const STORAGE_KEYS = {
  accessToken: 'atende.accessToken',
  refreshToken: 'atende.refreshToken',
  employee: 'atende.employee',
  sessionId: 'atende.sessionId',
  redirectAfterLogin: 'atende.redirectAfterLogin',
  rollouts: 'atende.rollouts',
  features: 'atende.features',
  deviceSeed: 'atende.deviceSeed',
  notificationSeenOn: 'atende.notificationSeenOn',
  reviewAskedPrefix: 'atende.reviewAsked.',
  menuDisplayState: 'atende.menuDisplayState',
  themePrefix: 'atende.theme.',
} as const;

export class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
  clear(): void {
    this.values.clear();
  }
}

/** The browser's local storage, or memory where there is none (tests, private modes that throw). */
export const browserStore = (): KeyValueStore => {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
  }
  return fallback;
};

const fallback = new MemoryStore();
