import * as z from 'zod';
import { defineRoute } from '../types.ts';

export const browserSessionId = z.string().trim().min(1).max(128);

export const forceLogoutResponse = z.object({ loggedOut: z.boolean() });

/**
 * Ends the sessions registered under a browser session id of the caller's company when their employee is
 * inactive or the company is disabled (an admin disabling a colleague signs that browser out).
 */
export const forceLogoutForDisabledCompanies = defineRoute({
  id: 'account.forceLogoutForDisabledCompanies',
  method: 'POST',
  path: '/force-logout-for-disabled-companies',
  domain: 'account',
  auth: 'employee',
  body: z.object({ id_session_user: browserSessionId }),
  response: forceLogoutResponse,
  maxBodyBytes: 2048,
});
