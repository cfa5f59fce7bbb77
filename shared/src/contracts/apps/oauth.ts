import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { appView } from './views.ts';

/** Apps connected through OAuth 2 (authorization code) instead of a pasted token. */
export const OAUTH_APPS = ['rdstationmarketing'] as const;
export type OAuthApp = (typeof OAUTH_APPS)[number];

/** Spec point 2: /app/integration/rdmkt and /app/auth/:type? are admin screens. */
const OAUTH_ACCESS = { roles: ['admin'] } as const;

export const oauthAppParams = z.object({ name: z.enum(OAUTH_APPS) });

export const startOAuthResponse = z.object({
  /** Where the browser goes to grant access; carries the signed, expiring, single-use state. */
  authorize_url: z.string(),
});

export const completeOAuthBody = z.object({
  code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(1).max(4096),
});

/** Starts the authorization: a state bound to this company and employee, valid for a few minutes. */
export const startOAuth = defineRoute({
  id: 'apps.oauth.start',
  method: 'POST',
  path: '/apps/{name}/oauth',
  domain: 'apps',
  auth: 'employee',
  access: OAUTH_ACCESS,
  params: oauthAppParams,
  response: startOAuthResponse,
});

/**
 * The callback page hands over what the provider redirected with; the state must be this company's and
 * this employee's, unexpired and unused, then the code is exchanged and the tokens sealed.
 */
export const completeOAuth = defineRoute({
  id: 'apps.oauth.complete',
  method: 'POST',
  path: '/apps/{name}/oauth/callback',
  domain: 'apps',
  auth: 'employee',
  access: OAUTH_ACCESS,
  params: oauthAppParams,
  body: completeOAuthBody,
  response: appView,
  maxBodyBytes: 8_192,
});

export const OAUTH_ROUTES = [startOAuth, completeOAuth];
