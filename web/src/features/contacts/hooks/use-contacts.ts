import type { AccessRule } from '@atende/shared/contracts/types';
import { LIMITS } from '@atende/shared/domain/constants';
import { decideAccess } from '@atende/shared/rules/access';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import type { ContactFilters, CreateContactInput, UpdateContactInput } from '../api/contacts-api.ts';
import {
  fetchContact,
  fetchContactsPage,
  fetchCustomFields,
  fetchSmartTags,
  fetchTags,
  fetchWallets,
  patchContact,
  postContact,
  removeContact,
} from '../api/contacts-api.ts';
import { CONTACT_LIVE_EVENTS, contactKeys, contactKeysForFrame } from '../api/query-keys.ts';

/** The search text as typed, and the one sent to the API 500 ms after the last keystroke (issue 7). */
export function useDebouncedSearch() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, search };
}

/** Every loaded page of the contact list, flattened; the list asks for the next page as it scrolls. */
export function useContactList(filters: ContactFilters) {
  useLiveInvalidation(CONTACT_LIVE_EVENTS, contactKeysForFrame);
  const query = useInfiniteQuery({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam }) => fetchContactsPage(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.contacts) ?? [], [query.data]);
  return { query, items };
}

export function useContact(id: string | undefined) {
  return useQuery({
    queryKey: contactKeys.one(id ?? ''),
    queryFn: () => fetchContact(id ?? ''),
    enabled: id !== undefined,
  });
}

/*
 * Tags, wallets and custom fields share their cache entries with the other features that list them
 * (['organizing', ...]), so the entry holds the plain list as everywhere else, not this call's envelope.
 */
export const useTags = () =>
  useQuery({ queryKey: contactKeys.tags, queryFn: async () => (await fetchTags()).tags });
/** Smart tags are an admin list on plans with the feature: other viewers never ask for it. */
export const useSmartTagChoices = (enabled: boolean) =>
  useQuery({
    queryKey: contactKeys.smartTags,
    queryFn: fetchSmartTags,
    select: (a) => a.smart_tags,
    enabled,
  });
export const useWallets = () =>
  useQuery({ queryKey: contactKeys.wallets, queryFn: async () => (await fetchWallets()).wallets });
export const useCustomFields = () =>
  useQuery({
    queryKey: contactKeys.customFields,
    queryFn: async () => (await fetchCustomFields()).custom_fields,
  });

export function useSaveContact() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: contactKeys.all });
  const create = useMutation({
    mutationFn: (body: CreateContactInput) => postContact(body),
    onSuccess: done,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContactInput }) => patchContact(id, body),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: (id: string) => removeContact(id), onSuccess: done });
  return { create, update, remove };
}

/** Whether the signed-in employee passes a contract's access rule: buttons the server would refuse stay hidden. */
export function useCan(rule: AccessRule | undefined): boolean {
  const { access } = useSession();
  return access !== undefined && decideAccess(rule, access).allowed;
}
