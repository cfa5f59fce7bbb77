import type { listConversationsQuery } from '@atende/shared/contracts/conversations/list-conversations';
import type { z } from 'zod';
import type { ConversationTab } from '../state/list-filters.ts';

type ListQuery = z.input<typeof listConversationsQuery>;

export interface ConversationFilters {
  tab: ConversationTab;
  search: string;
  status?: ListQuery['status'];
  channel?: ListQuery['channel'];
  department?: string | undefined;
  wallet?: string | undefined;
}

export const chatKeys = {
  all: ['chat'] as const,
  lists: ['chat', 'conversations'] as const,
  list: (filters: ConversationFilters) => ['chat', 'conversations', filters] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  messages: (id: string) => ['chat', 'messages', id] as const,
  counts: ['chat', 'counts'] as const,
  queueCount: (employeeId: string, wallet: string | undefined) =>
    ['chat', 'counts', 'queue', employeeId, wallet ?? null] as const,
  /** Refetched whenever the redistributed-call list changes size. */
  reallocatedCount: (employeeId: string, redistributed: number) =>
    ['chat', 'counts', 'reallocated', employeeId, redistributed] as const,
  unreadCount: (employeeId: string) => ['chat', 'counts', 'unread', employeeId] as const,
  history: (customerId: string) => ['chat', 'history', customerId] as const,
  transcript: (id: string) => ['chat', 'transcript', id] as const,
  departments: ['chat', 'departments'] as const,
  wallets: ['chat', 'wallets'] as const,
  tabulations: ['chat', 'tabulations'] as const,
  employees: ['chat', 'employees'] as const,
  settings: ['chat', 'settings'] as const,
};
