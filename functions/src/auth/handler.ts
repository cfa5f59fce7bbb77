import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { createToken } from '@atende/shared/contracts/auth/create-token';
import { listAccountCompanies } from '@atende/shared/contracts/auth/list-companies';
import { refreshToken } from '@atende/shared/contracts/auth/refresh-token';
import { registerTrial } from '@atende/shared/contracts/auth/register-trial';
import { revokeToken } from '@atende/shared/contracts/auth/revoke-token';
import { switchCompany } from '@atende/shared/contracts/auth/switch-company';
import { createHttpHandler, route } from '../lib/http.ts';
import { listCompanies, switchCompany as moveToCompany } from './companies.ts';
import { signingSecret } from './secrets.ts';
import {
  changePassword as replacePassword,
  refreshSession,
  registerTrial as register,
  revokeCurrentSession,
  signIn,
} from './service.ts';

export const handler = createHttpHandler([
  route(registerTrial, ({ body, event }) =>
    register(body, event.requestContext.identity.sourceIp || 'unknown'),
  ),
  route(createToken, async ({ body, event }) =>
    signIn(body, event.requestContext.identity.sourceIp || 'unknown', await signingSecret()),
  ),
  route(refreshToken, async ({ body }) => refreshSession(body.refresh_token, await signingSecret())),
  route(revokeToken, async ({ auth }) => {
    await revokeCurrentSession(auth);
    return undefined;
  }),
  route(changePassword, async ({ auth, body }) => {
    await replacePassword(auth, body);
    return undefined;
  }),
  route(listAccountCompanies, ({ auth }) => listCompanies(auth)),
  route(switchCompany, async ({ auth, body }) => moveToCompany(auth, body.company, await signingSecret())),
]);
