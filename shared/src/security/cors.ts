import type { RouteContract } from '../contracts/types.ts';

/**
 * Which routes a browser may call from another site: the site widget's (embedded on customers' pages) and the
 * integrators' API-key routes. Every other route answers the app's own origin only.
 */
export function isCrossOriginRoute(route: Pick<RouteContract, 'auth' | 'path'>): boolean {
  return route.auth === 'apiKey' || route.path.startsWith('/widget/');
}

export const CORS_ALLOW_HEADERS = 'authorization,content-type,x-api-key';
export const CORS_ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';

/**
 * The CORS headers of an answer: `*` on cross-origin routes; elsewhere the caller's origin only when it is one
 * of the app's (the SPA normally calls same-origin, through CloudFront or the local runtime, and needs none).
 * `route` is undefined when no route matched (404s): those get the app-only answer.
 */
export function corsHeaders(
  route: Pick<RouteContract, 'auth' | 'path'> | undefined,
  requestOrigin: string | undefined,
  appOrigins: readonly string[],
): Record<string, string> {
  if (route && isCrossOriginRoute(route)) {
    return {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': CORS_ALLOW_HEADERS,
      'access-control-allow-methods': CORS_ALLOW_METHODS,
    };
  }
  if (requestOrigin && appOrigins.includes(requestOrigin)) {
    return {
      'access-control-allow-origin': requestOrigin,
      'access-control-allow-headers': CORS_ALLOW_HEADERS,
      'access-control-allow-methods': CORS_ALLOW_METHODS,
      vary: 'Origin',
    };
  }
  return { vary: 'Origin' };
}

/** The app's origins from a comma-separated list (APP_ORIGINS), e.g. `https://app.example.com`. */
export const parseOrigins = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0);
