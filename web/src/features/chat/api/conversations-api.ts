import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { closeConversation } from '@atende/shared/contracts/conversations/close-conversation';
import { getConversation } from '@atende/shared/contracts/conversations/get-conversation';
import { getTranscript } from '@atende/shared/contracts/conversations/get-transcript';
import { listConversations } from '@atende/shared/contracts/conversations/list-conversations';
import { listMessages } from '@atende/shared/contracts/conversations/list-messages';
import { transferConversation } from '@atende/shared/contracts/conversations/transfer-conversation';
import { callRoute } from '../../../lib/api/call-route.ts';
import type { ConversationFilters } from './query-keys.ts';

/** The list page size: large pages keep a 10,000-item scroll to a few hundred requests. */
export const CONVERSATION_PAGE_SIZE = 100;
export const MESSAGE_PAGE_SIZE = 50;
export const CUSTOMER_HISTORY_SIZE = 50;

export const fetchConversationPage = (filters: ConversationFilters, cursor: string | undefined) =>
  callRoute(listConversations, {
    query: {
      tab: filters.tab,
      search: filters.search || undefined,
      status: filters.status,
      channel: filters.channel,
      department: filters.department,
      wallet: filters.wallet,
      cursor,
      limit: String(CONVERSATION_PAGE_SIZE),
    },
  });

/** Every tab's conversations of one customer, as far as the server lets this viewer see them. */
export const fetchCustomerConversations = (customer: string) =>
  callRoute(listConversations, {
    query: { tab: 'all', customer, limit: String(CUSTOMER_HISTORY_SIZE) },
  });

export const fetchConversation = (id: string) => callRoute(getConversation, { params: { id } });

export const fetchMessagePage = (id: string, cursor: string | undefined) =>
  callRoute(listMessages, { params: { id }, query: { cursor, limit: String(MESSAGE_PAGE_SIZE) } });

export const fetchTranscript = (id: string) => callRoute(getTranscript, { params: { id } });

export const postAssign = (id: string) => callRoute(assignConversation, { params: { id } });

export const postTransfer = (id: string, target: { employee: string } | { department: string }) =>
  callRoute(transferConversation, { params: { id }, body: target });

export const postClose = (id: string, tabulation: string | undefined) =>
  callRoute(closeConversation, { params: { id }, body: tabulation ? { tabulation } : {} });
