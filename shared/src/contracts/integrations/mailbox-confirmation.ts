import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { integrationIdParams, integrationView } from './views.ts';

const access = { roles: ['admin', 'manager'], companyPermission: 'manage_integration' } as const;

/**
 * An e-mail integration receives only after the 6-digit code mailed to its address is typed back here
 * (a wrong code counts; after 5 or an hour, a new code is needed). 409 on `email` when another integration
 * confirmed the address first.
 */
export const confirmMailbox = defineRoute({
  id: 'integrations.confirmMailbox',
  method: 'POST',
  path: '/integrations/channels/{id}/mailbox/confirm',
  domain: 'integrations',
  auth: 'employee',
  access,
  params: integrationIdParams,
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'deve ter 6 dígitos' }),
  }),
  response: integrationView,
  maxBodyBytes: 1_024,
});

/** Mails a new code to the address waiting for confirmation (at most one a minute: 429 with Retry-After). */
export const resendMailboxCode = defineRoute({
  id: 'integrations.resendMailboxCode',
  method: 'POST',
  path: '/integrations/channels/{id}/mailbox/resend',
  domain: 'integrations',
  auth: 'employee',
  access,
  params: integrationIdParams,
  response: integrationView,
  maxBodyBytes: 1_024,
});
