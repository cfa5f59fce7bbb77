import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import {
  fetchConversation,
  fetchConversationPage,
  fetchCustomerConversations,
} from '../api/conversations-api.ts';
import type { ConversationFilters } from '../api/query-keys.ts';
import { chatKeys } from '../api/query-keys.ts';
import { fetchQueueCount, fetchReallocatedCount, fetchUnreadTotal } from '../api/side-data-api.ts';
import { redistributedCallsAtom } from '../../../lib/session/redistributed-calls.ts';
import { flattenPages } from '../state/cache-patches.ts';
import { pastConversations } from '../state/history.ts';

/** The search text as typed, and the one sent to the API 500 ms after the last keystroke. */
export function useDebouncedSearch(initial = '') {
  const [text, setText] = useState(initial);
  const [search, setSearch] = useState(initial.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, search };
}

export function useConversationList(filters: ConversationFilters, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: chatKeys.list(filters),
    queryFn: ({ pageParam }) => fetchConversationPage(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
  return { query, items: flattenPages<ConversationView>(query.data) };
}

export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? ''),
    queryFn: () => fetchConversation(id ?? ''),
    enabled: id !== undefined,
  });
}

/** Spec point 7 answer handling: failed count calls are silently ignored (no retry, no toast). */
export function useQueueCount(
  companyId: string | undefined,
  employeeId: string | undefined,
  wallet: string | undefined,
) {
  return useQuery({
    queryKey: chatKeys.queueCount(employeeId ?? '', wallet),
    queryFn: () => fetchQueueCount(companyId ?? '', employeeId ?? '', wallet),
    enabled: companyId !== undefined && employeeId !== undefined,
    select: (answer) => answer.count,
    retry: false,
  });
}

/** The reallocated customers waiting, shown beside the queue count; silent on failure like every count. */
export function useReallocatedCount(companyId: string | undefined, employeeId: string | undefined) {
  const redistributed = useAtomValue(redistributedCallsAtom).length;
  return useQuery({
    queryKey: chatKeys.reallocatedCount(employeeId ?? '', redistributed),
    queryFn: () => fetchReallocatedCount(companyId ?? '', employeeId ?? ''),
    enabled: companyId !== undefined && employeeId !== undefined,
    select: (answer) => answer.count,
    retry: false,
  });
}

export function useUnreadTotal(companyId: string | undefined, employeeId: string | undefined) {
  return useQuery({
    queryKey: chatKeys.unreadCount(employeeId ?? ''),
    queryFn: () => fetchUnreadTotal(companyId ?? '', employeeId ?? ''),
    enabled: companyId !== undefined && employeeId !== undefined,
    select: (answer) => answer.totalNewMessages,
    retry: false,
  });
}

/** The customer's other conversations this viewer may see (the list's customer filter), newest first. */
export function useCustomerHistory(conversation: ConversationView | undefined) {
  const customerId = conversation?.customer._id ?? '';
  return useQuery({
    queryKey: chatKeys.history(customerId),
    queryFn: () => fetchCustomerConversations(customerId),
    enabled: conversation !== undefined,
    staleTime: 30_000,
    select: (page) => pastConversations(page.items, conversation?._id),
  });
}
