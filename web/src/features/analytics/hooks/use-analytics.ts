import type { BreakdownDimension } from '@atende/shared/contracts/analytics/views';
import type { ServerEvent } from '@atende/shared/realtime/server-events';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { type AnalyticsQuery, analyticsApi, analyticsKeys } from '../api/analytics-api.ts';

const LIVE_EVENTS: readonly ServerEvent[] = ['analytics-update'];
const MONITORING_EVENTS: readonly ServerEvent[] = ['analytics-update', 'broadcast-employee-connection'];
const everything = () => [analyticsKeys.all];
const wallboard = () => [analyticsKeys.monitoring];

/** Every analytics figure on screen refetches (coalesced) when the ledger takes in a change. */
export const useAnalyticsLive = () => useLiveInvalidation(LIVE_EVENTS, everything);
export const useMonitoringLive = () => useLiveInvalidation(MONITORING_EVENTS, wallboard);

const choices = { placeholderData: keepPreviousData, retry: false } as const;

export const useOverview = (query: AnalyticsQuery) =>
  useQuery({
    queryKey: analyticsKeys.overview(query),
    queryFn: () => analyticsApi.overview(query),
    ...choices,
  });

export const useBreakdown = (by: BreakdownDimension, query: AnalyticsQuery) =>
  useQuery({
    queryKey: analyticsKeys.breakdown(by, query),
    queryFn: () => analyticsApi.breakdown(by, query),
    ...choices,
  });

/** The campaigns started in the range, with their funnel counts (the campaigns report tab). */
export const useCampaignReport = (query: AnalyticsQuery) =>
  useQuery({
    queryKey: analyticsKeys.campaigns(query),
    queryFn: () => analyticsApi.campaigns(query),
    ...choices,
  });

export const useConversationRows = (query: AnalyticsQuery) =>
  useInfiniteQuery({
    queryKey: analyticsKeys.conversations(query),
    queryFn: ({ pageParam }) => analyticsApi.conversations(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    retry: false,
  });

export const useMonitoring = () =>
  useQuery({ queryKey: analyticsKeys.monitoring, queryFn: analyticsApi.monitoring, retry: false });

export const useHomeSummary = () =>
  useQuery({ queryKey: analyticsKeys.home, queryFn: analyticsApi.home, retry: false });

/** Contacts created per origin over the picked range (the other filters do not apply to contacts). */
export const useContactOrigin = (range: { from: string; to: string }) =>
  useQuery({
    queryKey: analyticsKeys.contactOrigin(range),
    queryFn: () => analyticsApi.contactOrigin(range),
    ...choices,
  });

/** Each agent's status intervals over one company day. */
export const useAgentTimeline = (day: string) =>
  useQuery({
    queryKey: analyticsKeys.agentTimeline(day),
    queryFn: () => analyticsApi.agentTimeline(day),
    ...choices,
  });

/** Sets the caller's own status ("Online" / "Pausa"); the timeline reads it again. */
export function useSetMyStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: analyticsApi.setMyStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['analytics', 'agent-timeline'] }),
  });
}
