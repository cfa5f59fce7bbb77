import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { employeeView } from '../account/views.ts';
import { defineRoute } from '../types.ts';

export const createTokenBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
  /**
   * For an account employed by several companies: the company to sign in to. Without it the session opens in
   * the company used last (or the first one where the employee is active).
   */
  company: objectId.optional(),
});

export const createTokenResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  employee: employeeView,
});

/** Sign-in (spec point 7, {sso}/auth/token). */
export const createToken = defineRoute({
  id: 'auth.createToken',
  method: 'POST',
  path: '/auth/token',
  domain: 'auth',
  auth: 'public',
  body: createTokenBody,
  response: createTokenResponse,
  maxBodyBytes: 4096,
});
