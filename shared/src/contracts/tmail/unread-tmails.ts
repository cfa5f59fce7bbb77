import * as z from 'zod';
import { defineRoute } from '../types.ts';

export const unreadTmailsResponse = z.object({ unread: z.number().int().nonnegative() });

/** The shell's badge: unread T-mails in the caller's inbox. */
export const unreadTmails = defineRoute({
  id: 'tmail.unread',
  method: 'GET',
  path: '/tmail/unread',
  domain: 'tmail',
  auth: 'employee',
  response: unreadTmailsResponse,
});
