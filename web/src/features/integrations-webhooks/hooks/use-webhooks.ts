import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EndpointInput, type EndpointPatch, webhookKeys, webhooksApi } from '../api/webhooks-api.ts';

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: webhooksApi.list });
}

/** Pending attempts move on in the background: the open log polls while any is pending or waiting to retry. */
const POLL_MS = 2000;

export function useDeliveries(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: ({ pageParam }) => webhooksApi.deliveries(id as string, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending'))
        ? POLL_MS
        : false,
  });
}

export function useWebhookMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: EndpointInput) => webhooksApi.create(body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: EndpointPatch }) => webhooksApi.update(id, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => webhooksApi.remove(id), onSuccess: refresh }),
    rotate: useMutation({ mutationFn: (id: string) => webhooksApi.rotate(id), onSuccess: refresh }),
    test: useMutation({ mutationFn: (id: string) => webhooksApi.test(id), onSuccess: refresh }),
    replay: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        webhooksApi.replay(id, deliveryId),
      onSuccess: refresh,
    }),
  };
}
