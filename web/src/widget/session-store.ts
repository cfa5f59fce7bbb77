import type { WidgetSession } from '@atende/shared/contracts/widget/views';

/**
 * The visitor's session in the site's localStorage, one per widget, so a reload (or another tab) keeps the
 * same visitor and conversation until the token expires.
 */
const storageKey = (widgetId: string) => `atende-widget:${widgetId}`;

const isSession = (value: unknown): value is WidgetSession => {
  if (!value || typeof value !== 'object') return false;
  const { visitorId, token, expiresAt } = value as Record<string, unknown>;
  return typeof visitorId === 'string' && typeof token === 'string' && typeof expiresAt === 'string';
};

export function loadSession(
  storage: Storage | undefined,
  widgetId: string,
  now = Date.now(),
): WidgetSession | undefined {
  try {
    const raw = storage?.getItem(storageKey(widgetId));
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    if (!isSession(value) || Date.parse(value.expiresAt) <= now) return undefined;
    return value;
  } catch {
    return undefined;
  }
}

export function saveSession(storage: Storage | undefined, widgetId: string, session: WidgetSession): void {
  try {
    storage?.setItem(storageKey(widgetId), JSON.stringify(session));
  } catch {
    // Storage full or blocked (private mode): the session lasts for this page only.
  }
}

export function clearSession(storage: Storage | undefined, widgetId: string): void {
  try {
    storage?.removeItem(storageKey(widgetId));
  } catch {
    // Nothing stored to clear.
  }
}

/** The company id inside the visitor token, to drop realtime frames of any other company. */
export function tokenCompany(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const cid = json && typeof json === 'object' ? (json as Record<string, unknown>).cid : undefined;
    return typeof cid === 'string' ? cid : undefined;
  } catch {
    return undefined;
  }
}
