import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { page, pageQuery } from '../employees/paging.ts';
import { defineRoute } from '../types.ts';
import { channelType, conversationStatus, conversationView } from './views.ts';

/** mine: assigned to the caller; queue: waiting in the queues the caller may see; all: everything visible. */
export const CONVERSATION_TABS = ['mine', 'queue', 'all'] as const;

export const listConversationsQuery = z.object({
  // Integrators read conversations through this route too (docs/api/conversations.md): without `tab` they get
  // only the conversations assigned to the key's employee, so the default is spelled out in the contract.
  tab: z
    .enum(CONVERSATION_TABS)
    .default('mine')
    .describe(
      "Which conversations: 'mine' (default when omitted) those assigned to the caller; 'queue' those waiting " +
        "in the queues the caller may see; 'all' every conversation the caller may see.",
    ),
  status: conversationStatus.optional(),
  channel: channelType.optional(),
  department: objectId.optional(),
  employee: objectId.optional(),
  /** Only customers of this wallet (under the wallet limit, one the caller is not in lists nothing). */
  wallet: objectId.optional(),
  /** Only this customer's conversations (with the tab and the other filters still applied). */
  customer: objectId.optional(),
  /** Part of the customer's name, phone or e-mail, or of the protocol (accents and case ignored). */
  search: z.string().trim().min(1).max(120).optional(),
  ...pageQuery,
});

/** Most recent activity first. */
export const listConversations = defineRoute({
  id: 'conversations.list',
  method: 'GET',
  path: '/conversations',
  domain: 'conversations',
  auth: 'employee',
  query: listConversationsQuery,
  response: page(conversationView),
});
