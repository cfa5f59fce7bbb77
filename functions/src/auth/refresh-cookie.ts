import { API_PREFIX } from '@atende/shared/contracts/types';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-tokens.ts';

/**
 * The browser's refresh token travels in a cookie script cannot read (HttpOnly), sent only over TLS (Secure;
 * Chromium and Firefox also accept Secure cookies from http://localhost and http://127.0.0.1, so the local
 * runtime works unchanged), never on cross-site requests (SameSite=Strict) and only to the refresh and
 * revoke routes, which share the path below. The app and `/api` share an origin (CloudFront behaviour, and
 * the local runtime's one port), so the browser sends it without CORS credentials.
 */
export const REFRESH_COOKIE = 'atende_refresh';
export const REFRESH_COOKIE_PATH = `${API_PREFIX}/auth/token`;

const attributes = `Path=${REFRESH_COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`;

export const refreshCookie = (token: string): string =>
  `${REFRESH_COOKIE}=${token}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; ${attributes}`;

export const clearedRefreshCookie = (): string => `${REFRESH_COOKIE}=; Max-Age=0; ${attributes}`;

/** The refresh token of the request's cookie, if any. */
export function cookieRefreshToken(event: APIGatewayProxyEvent): string | undefined {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'cookie')?.[1];
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE && value.length > 0) return value.join('=') || undefined;
  }
  return undefined;
}
