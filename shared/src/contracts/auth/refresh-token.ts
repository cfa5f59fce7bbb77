import * as z from 'zod';
import { defineRoute } from '../types.ts';

/**
 * `refresh_token` in the body (API clients), or absent: the browser's HttpOnly refresh cookie is used, and the
 * rotated token goes back only in the cookie, so no script ever holds it.
 */
export const refreshTokenBody = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512).optional(),
});

export const refreshTokenResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
});

/** Rotates the refresh token; the spec's client expects 201. */
export const refreshToken = defineRoute({
  id: 'auth.refreshToken',
  method: 'POST',
  path: '/auth/token/refresh',
  domain: 'auth',
  auth: 'public',
  body: refreshTokenBody,
  response: refreshTokenResponse,
  successStatus: 201,
  maxBodyBytes: 2048,
});
