import type { ServerFrame } from '@atende/shared/realtime/server-events';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import {
  type ActivityInput,
  type ActivityPatchInput,
  type ActivityQuery,
  type BoardFilters,
  type DealInput,
  type DealPatchInput,
  funnelApi,
  funnelKeys,
  type PipelineInput,
  type PipelinePatchInput,
} from '../api/pipelines-api.ts';

const LIVE_EVENTS = ['deal-update', 'activity-update'] as const;
/** A deal frame refreshes boards, stage tables and the deal; an activity frame the agenda lists. */
const keysForFrame = (frame: ServerFrame) =>
  frame.event === 'deal-update'
    ? [funnelKeys.boards, funnelKeys.deals, funnelKeys.deal(String((frame.data as { deal: string }).deal))]
    : [funnelKeys.activities];

export const useFunnelLive = () => useLiveInvalidation(LIVE_EVENTS, keysForFrame);

const choices = { staleTime: 60_000, retry: false } as const;

export const usePipelines = () => useQuery({ queryKey: funnelKeys.pipelines, queryFn: funnelApi.pipelines });

export const useBoard = (id: string | undefined, filters: BoardFilters) =>
  useQuery({
    queryKey: funnelKeys.board(id ?? '', filters),
    queryFn: () => funnelApi.board(id as string, filters),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

export const useStageDeals = (pipeline: string, stage: string) =>
  useInfiniteQuery({
    queryKey: funnelKeys.stageDeals(pipeline, stage),
    queryFn: ({ pageParam }) => funnelApi.stageDeals(pipeline, stage, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: Boolean(pipeline && stage),
  });

export const useDeal = (id: string | undefined) =>
  useQuery({
    queryKey: funnelKeys.deal(id ?? ''),
    queryFn: () => funnelApi.deal(id as string),
    enabled: Boolean(id),
  });

export const useActivities = (query: ActivityQuery, enabled = true) =>
  useQuery({ queryKey: funnelKeys.activityList(query), queryFn: () => funnelApi.activities(query), enabled });

/** Only admins may list employees; others pick among nobody else and fall back to themselves. */
export const useEmployees = () =>
  useQuery({ queryKey: funnelKeys.employees, queryFn: funnelApi.employees, ...choices });
export const useTags = () => useQuery({ queryKey: funnelKeys.tags, queryFn: funnelApi.tags, ...choices });
export const useContactSearch = (search: string) =>
  useQuery({ queryKey: funnelKeys.contacts(search), queryFn: () => funnelApi.contacts(search), ...choices });

export function useFunnelMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: funnelKeys.all });
  return {
    createPipeline: useMutation({
      mutationFn: (body: PipelineInput) => funnelApi.createPipeline(body),
      onSuccess: refresh,
    }),
    updatePipeline: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PipelinePatchInput }) =>
        funnelApi.updatePipeline(id, body),
      onSuccess: refresh,
    }),
    deletePipeline: useMutation({
      mutationFn: (id: string) => funnelApi.deletePipeline(id),
      onSuccess: refresh,
    }),
    createDeal: useMutation({
      mutationFn: (body: DealInput) => funnelApi.createDeal(body),
      onSuccess: refresh,
    }),
    updateDeal: useMutation({
      mutationFn: ({ id, body }: { id: string; body: DealPatchInput }) => funnelApi.updateDeal(id, body),
      onSuccess: refresh,
    }),
    createActivity: useMutation({
      mutationFn: (body: ActivityInput) => funnelApi.createActivity(body),
      onSuccess: refresh,
    }),
    updateActivity: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ActivityPatchInput }) =>
        funnelApi.updateActivity(id, body),
      onSuccess: refresh,
    }),
  };
}
