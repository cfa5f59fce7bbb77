import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { refreshToken } from '@atende/shared/contracts/auth/refresh-token';
import { confirmTrial, registerTrial } from '@atende/shared/contracts/auth/register-trial';
import { revokeToken } from '@atende/shared/contracts/auth/revoke-token';
import { switchCompany } from '@atende/shared/contracts/auth/switch-company';
import {
  acceptInvitation,
  declineInvitation,
  leaveCompany,
  listInvitations,
} from '@atende/shared/contracts/auth/invitations';
import { AUTH_MESSAGES } from '@atende/shared/contracts/auth/messages';
import { Unauthorized } from '../lib/errors.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { clearedRefreshCookie, cookieRefreshToken, refreshCookie } from './refresh-cookie.ts';
import { listCompanies, switchCompany as moveToCompany } from './companies.ts';
import * as invitations from './invitations.ts';
import { leaveCompany as leave } from './leave-company.ts';
import { signingSecret } from './secrets.ts';
import { confirmSignUp, startSignUp } from './sign-up.ts';
import {
  changePassword as replacePassword,
  refreshSession,
  revokeCurrentSession,
  signIn,
} from './service.ts';

export const handler = createHttpHandler([
  route(registerTrial, ({ body, event }) => startSignUp(body, clientAddress(event))),
  route(confirmTrial, async ({ body, event }) =>
    withRefreshCookie(201, await confirmSignUp(body.token, clientAddress(event), await signingSecret())),
  ),
  route(createToken, async ({ body, event }) =>
    withRefreshCookie(200, await signIn(body, clientAddress(event), await signingSecret())),
  ),
  route(refreshToken, async ({ body, event }) => {
    const fromCookie = body.refresh_token === undefined;
    const token = body.refresh_token ?? cookieRefreshToken(event);
    if (!token) throw new Unauthorized(AUTH_MESSAGES.invalidRefreshToken);
    const tokens = await refreshSession(token, await signingSecret());
    if (!fromCookie) return withRefreshCookie(201, tokens);
    return withRefreshCookie(201, { accessToken: tokens.accessToken }, tokens.refreshToken);
  }),
  route(revokeToken, async ({ auth }) => {
    await revokeCurrentSession(auth);
    return { statusCode: 204, headers: { 'set-cookie': clearedRefreshCookie() }, raw: true };
  }),
  route(changePassword, async ({ auth, body }) => {
    await replacePassword(auth, body);
    return undefined;
  }),
  route(listAccountCompanies, ({ auth }) => listCompanies(auth)),
  route(listInvitations, ({ auth }) => invitations.listInvitations(auth)),
  route(acceptInvitation, ({ auth, params }) => invitations.acceptInvitation(auth, params.companyId)),
  route(declineInvitation, async ({ auth, params }) => {
    await invitations.declineInvitation(auth, params.companyId);
    return undefined;
  }),
  route(leaveCompany, async ({ auth, params }) => {
    await leave(auth, params.companyId);
    return undefined;
  }),
  route(switchCompany, async ({ auth, body }) =>
    withRefreshCookie(200, await moveToCompany(auth, body.company, await signingSecret())),
  ),
]);

const clientAddress = (event: { requestContext: { identity: { sourceIp: string } } }) =>
  event.requestContext.identity.sourceIp || 'unknown';

/** The answer with the session's refresh token also set as the browser's HttpOnly cookie. */
function withRefreshCookie<T extends object>(statusCode: number, body: T, token?: string) {
  const refresh = token ?? (body as { refreshToken?: string }).refreshToken;
  const headers: Record<string, string> = refresh ? { 'set-cookie': refreshCookie(refresh) } : {};
  return {
    statusCode,
    body,
    headers,
    raw: true as const,
  };
}
