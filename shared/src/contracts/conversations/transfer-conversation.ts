import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { inboxPtBR } from '../../i18n/pt-BR.ts';
import { defineRoute } from '../types.ts';
import { conversationIdParams, conversationView } from './views.ts';

/** To an employee (in service with them) or to a department (back to that department's queue); exactly one. */
export const transferConversationBody = z
  .object({ employee: objectId.optional(), department: objectId.optional() })
  .refine((body) => (body.employee === undefined) !== (body.department === undefined), {
    message: inboxPtBR.transferTarget,
    path: ['employee'],
  });

/** Operators need allow_operator_transfer_call. */
export const transferConversation = defineRoute({
  id: 'conversations.transfer',
  method: 'POST',
  path: '/conversations/{id}/transfer',
  domain: 'conversations',
  auth: 'employee',
  params: conversationIdParams,
  body: transferConversationBody,
  response: conversationView,
  maxBodyBytes: 4096,
});
