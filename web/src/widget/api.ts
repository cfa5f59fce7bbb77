import { originDetailOfUrl } from '@atende/shared/domain/origin-page';
import type { WidgetConfig, WidgetMessagesPage, WidgetSession } from '@atende/shared/contracts/widget/views';

export class WidgetHttpError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

/**
 * The widget's public API (shared's widget contracts), over plain fetch to keep the script small. `pageHref`
 * is the address of the page the widget runs on: a new session records its path and UTM parameters as the
 * contact's origin detail.
 */
export function widgetApi(apiBase: string, widgetId: string, pageHref?: string) {
  const base = `${apiBase}/widget/${encodeURIComponent(widgetId)}`;
  async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${base}${path}`, { ...init, headers });
    if (!response.ok) throw new WidgetHttpError(response.status);
    return (await response.json()) as T;
  }
  return {
    config: () => call<WidgetConfig>('/config'),
    startSession: () => {
      const origin = pageHref ? originDetailOfUrl(pageHref) : undefined;
      return call<WidgetSession>('/sessions', {
        method: 'POST',
        body: JSON.stringify(origin ? { origin } : {}),
      });
    },
    send: (token: string, id: string, text: string) =>
      call<{ id: string }>('/messages', { method: 'POST', token, body: JSON.stringify({ id, text }) }),
    history: (token: string) => call<WidgetMessagesPage>('/messages?limit=100', { token }),
  };
}

export type WidgetApi = ReturnType<typeof widgetApi>;
