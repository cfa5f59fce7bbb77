import { defineRoute } from '../types.ts';

/** Logout: ends the caller's session (its access and refresh tokens) at once. */
export const revokeToken = defineRoute({
  id: 'auth.revokeToken',
  method: 'DELETE',
  path: '/auth/token/revoke',
  domain: 'auth',
  auth: 'employee',
  successStatus: 204,
});
