import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { conversationIdParams, conversationView } from './views.ts';

/** The service category (tabulation) is required when the company's settings say so. */
export const closeConversationBody = z.object({ tabulation: objectId.optional() });

export const closeConversation = defineRoute({
  id: 'conversations.close',
  method: 'POST',
  path: '/conversations/{id}/close',
  domain: 'conversations',
  auth: 'employee',
  params: conversationIdParams,
  body: closeConversationBody,
  response: conversationView,
  maxBodyBytes: 4096,
});
