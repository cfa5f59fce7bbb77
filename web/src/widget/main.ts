import { widgetApi } from './api.ts';
import { mountWidgetUi } from './ui.ts';
import { startWidgetApp } from './widget-app.ts';

/**
 * Entry of widget.js, pasted in a company's site as
 * `<script src="{origin}/widget.js" data-widget="{id}"></script>`. The API and WebSocket live on the
 * script's own origin (`/api`, `/ws`) unless `data-api` / `data-ws` say otherwise.
 */
function ownScript(): HTMLScriptElement | undefined {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.widget) return current;
  const tagged = document.querySelectorAll<HTMLScriptElement>('script[data-widget][src*="widget.js"]');
  return tagged[tagged.length - 1];
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function boot(script: HTMLScriptElement): void {
  const widgetId = script.dataset.widget;
  if (!widgetId) return;
  const origin = new URL(script.src, window.location.href).origin;
  const apiBase = script.dataset.api ?? `${origin}/api`;
  const wsUrl = script.dataset.ws ?? `${origin.replace(/^http/, 'ws')}/ws`;
  const start = () =>
    void startWidgetApp({
      widgetId,
      api: widgetApi(apiBase, widgetId, window.location.href),
      wsUrl,
      ui: mountWidgetUi(),
      storage: safeStorage(),
    });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

const script = ownScript();
if (script) boot(script);
