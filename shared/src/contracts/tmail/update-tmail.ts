import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { tmailIdParams, tmailSummary } from './views.ts';

export const updateTmailBody = z
  .object({ archived: z.boolean().optional(), read: z.boolean().optional() })
  .refine((value) => value.archived !== undefined || value.read !== undefined, {
    message: 'Informe archived ou read.',
    path: ['archived'],
  });

/** Archives (or brings back) a received T-mail, or marks it read or unread, for the caller only. */
export const updateTmail = defineRoute({
  id: 'tmail.update',
  method: 'PATCH',
  path: '/tmail/{id}',
  domain: 'tmail',
  auth: 'employee',
  params: tmailIdParams,
  body: updateTmailBody,
  response: tmailSummary,
  maxBodyBytes: 1024,
});
