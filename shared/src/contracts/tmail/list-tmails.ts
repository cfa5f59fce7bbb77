import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { tmailBox, tmailSummary } from './views.ts';

export const listTmailsQuery = z.object({
  box: tmailBox.default('inbox'),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const listTmailsResponse = z.object({
  items: z.array(tmailSummary),
  nextCursor: z.string().optional(),
});

/** The caller's inbox, sent or archived T-mails, newest first, a page at a time. */
export const listTmails = defineRoute({
  id: 'tmail.list',
  method: 'GET',
  path: '/tmail',
  domain: 'tmail',
  auth: 'employee',
  query: listTmailsQuery,
  response: listTmailsResponse,
});
