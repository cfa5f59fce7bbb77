import * as z from 'zod';
import { page, pageQuery } from '../employees/paging.ts';
import { defineRoute } from '../types.ts';
import { conversationIdParams, messageView } from './views.ts';

export const listMessagesQuery = z.object({ ...pageQuery });

/** Newest first; the next page holds older messages. Read by the assigned employee, it clears the unread count. */
export const listMessages = defineRoute({
  id: 'conversations.messages',
  method: 'GET',
  path: '/conversations/{id}/messages',
  domain: 'conversations',
  auth: 'employee',
  params: conversationIdParams,
  query: listMessagesQuery,
  response: page(messageView),
});
