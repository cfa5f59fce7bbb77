import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { browserSessionId } from './force-logout.ts';

export const identifyBrowserSessionResponse = z.object({ closedSessions: z.number().int() });

/**
 * Registers this browser as the employee's current session and signs the employee's other sessions out
 * (spec point 4: a newer browser session closes the older one).
 */
export const identifyUserForBrowserAndClearSession = defineRoute({
  id: 'account.identifyUserForBrowserAndClearSession',
  method: 'POST',
  path: '/identify-user-for-browser-and-clear-session',
  domain: 'account',
  auth: 'employee',
  body: z.object({ id_session_user: browserSessionId, employee: objectId }),
  response: identifyBrowserSessionResponse,
  maxBodyBytes: 2048,
});
