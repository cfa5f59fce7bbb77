import { ENV } from '@atende/shared/infra/env';

/**
 * Where the widget script is served: `${PUBLIC_BASE_URL}/widget.js` (CloudFront in AWS, the local runtime's own
 * origin locally). Without PUBLIC_BASE_URL the snippet stays relative, which works only on the app's origin.
 */
export function widgetScriptUrl(): string {
  const base = (process.env[ENV.publicBaseUrl] ?? '').replace(/\/+$/, '');
  return `${base}/widget.js`;
}

export const widgetSnippet = (scriptUrl: string, widgetId: string): string =>
  `<script src="${scriptUrl}" data-widget="${widgetId}"></script>`;
