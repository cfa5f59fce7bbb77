import { defineRoute } from '../types.ts';
import { conversationIdParams, conversationView } from './views.ts';

/** The caller takes a conversation waiting in a queue they may see. */
export const assignConversation = defineRoute({
  id: 'conversations.assign',
  method: 'POST',
  path: '/conversations/{id}/assign',
  domain: 'conversations',
  auth: 'employee',
  params: conversationIdParams,
  response: conversationView,
});
