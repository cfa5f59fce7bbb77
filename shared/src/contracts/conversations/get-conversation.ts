import { defineRoute } from '../types.ts';
import { conversationIdParams, conversationView } from './views.ts';

export const getConversation = defineRoute({
  id: 'conversations.get',
  method: 'GET',
  path: '/conversations/{id}',
  domain: 'conversations',
  auth: 'employee',
  params: conversationIdParams,
  response: conversationView,
});
