import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { createTokenResponse } from './create-token.ts';

export const switchCompanyBody = z.object({ company: objectId });

/**
 * Opens a session in another company of the signed-in account and answers its token pair (as sign-in does);
 * the caller's session ends. 403 when the account is not an active employee of that company.
 */
export const switchCompany = defineRoute({
  id: 'auth.switchCompany',
  method: 'POST',
  path: '/auth/switch-company',
  domain: 'auth',
  auth: 'employee',
  body: switchCompanyBody,
  response: createTokenResponse,
  maxBodyBytes: 1024,
});
