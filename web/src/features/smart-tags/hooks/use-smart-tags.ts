import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { SMART_TAG_LIVE_EVENTS, smartTagKeysForFrame } from '../api/live-keys.ts';
import {
  choicesApi,
  type SmartTagInput,
  type SmartTagPatch,
  smartTagKeys,
  smartTagsApi,
} from '../api/smart-tags-api.ts';

/**
 * The server announces membership and run changes on the socket; while members are being computed the list
 * and the smart tag also poll, so progress moves on screen even without a socket.
 */
const POLL_MS = 2000;
const busy = (tag: SmartTagView) => tag.status === 'pending' || tag.status === 'running';

export function useSmartTags() {
  useLiveInvalidation(SMART_TAG_LIVE_EVENTS, smartTagKeysForFrame);
  return useQuery({
    queryKey: smartTagKeys.list,
    queryFn: async () => (await smartTagsApi.list()).smart_tags,
    refetchInterval: (query) => (query.state.data?.some(busy) ? POLL_MS : false),
  });
}

export function useSmartTag(id: string | undefined) {
  useLiveInvalidation(SMART_TAG_LIVE_EVENTS, smartTagKeysForFrame);
  return useQuery({
    queryKey: smartTagKeys.one(id ?? ''),
    queryFn: () => smartTagsApi.get(id as string),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && busy(query.state.data) ? POLL_MS : false),
  });
}

export function useSmartTagMembers(id: string, version: string) {
  return useInfiniteQuery({
    queryKey: [...smartTagKeys.members(id), version],
    queryFn: ({ pageParam }) => smartTagsApi.members(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Tags, wallets, custom fields and tabulations a condition may name; one that fails to load offers nothing. */
export function useChoices() {
  const options = { staleTime: 60_000, retry: false } as const;
  const tags = useQuery({ queryKey: smartTagKeys.tags, queryFn: choicesApi.tags, ...options });
  const wallets = useQuery({ queryKey: smartTagKeys.wallets, queryFn: choicesApi.wallets, ...options });
  const customFields = useQuery({
    queryKey: smartTagKeys.customFields,
    queryFn: choicesApi.customFields,
    ...options,
  });
  const tabulations = useQuery({
    queryKey: smartTagKeys.tabulations,
    queryFn: choicesApi.tabulations,
    ...options,
  });
  return {
    tags: tags.data ?? [],
    wallets: wallets.data ?? [],
    customFields: customFields.data ?? [],
    tabulations: tabulations.data ?? [],
  };
}

export function useSaveSmartTag() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: smartTagKeys.all });
  return {
    create: useMutation({ mutationFn: (body: SmartTagInput) => smartTagsApi.create(body), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SmartTagPatch }) => smartTagsApi.update(id, body),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => smartTagsApi.remove(id), onSuccess: done }),
  };
}

export function usePreview() {
  return useMutation({ mutationFn: smartTagsApi.preview });
}
