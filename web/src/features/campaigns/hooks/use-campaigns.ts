import type { CampaignView } from '@atende/shared/contracts/campaigns/views';
import { isSending, type RecipientStatus } from '@atende/shared/contracts/campaigns/campaign-fields';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import {
  approvedTemplates,
  type AudienceListInput,
  type CampaignInput,
  campaignKeys,
  campaignsApi,
  loadChoices,
} from '../api/campaigns-api.ts';
import { CAMPAIGN_LIVE_EVENTS, campaignKeysForFrame } from '../api/live-keys.ts';

/** While a campaign sends, its screens also poll, so progress moves even without a socket. */
const POLL_MS = 2000;
const sending = (campaign: CampaignView) => isSending(campaign.status) && !campaign.paused;

export function useCampaigns() {
  useLiveInvalidation(CAMPAIGN_LIVE_EVENTS, campaignKeysForFrame);
  return useInfiniteQuery({
    queryKey: campaignKeys.list,
    queryFn: ({ pageParam }) => campaignsApi.list(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.campaigns.some(sending)) ? POLL_MS : false,
  });
}

export function useCampaign(id: string | undefined) {
  useLiveInvalidation(CAMPAIGN_LIVE_EVENTS, campaignKeysForFrame);
  return useQuery({
    queryKey: campaignKeys.one(id ?? ''),
    queryFn: () => campaignsApi.get(id as string),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && sending(query.state.data) ? POLL_MS : false),
  });
}

export function useRecipients(id: string, status: RecipientStatus | undefined) {
  return useInfiniteQuery({
    queryKey: [...campaignKeys.recipients(id), status ?? 'all'],
    queryFn: ({ pageParam }) => campaignsApi.recipients(id, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useCampaignActions(id: string) {
  const client = useQueryClient();
  const done = (campaign: CampaignView) => {
    client.setQueryData(campaignKeys.one(id), campaign);
    void client.invalidateQueries({ queryKey: campaignKeys.list });
  };
  return {
    start: useMutation({ mutationFn: () => campaignsApi.start(id), onSuccess: done }),
    pause: useMutation({ mutationFn: () => campaignsApi.pause(id), onSuccess: done }),
    resume: useMutation({ mutationFn: () => campaignsApi.resume(id), onSuccess: done }),
    cancel: useMutation({ mutationFn: () => campaignsApi.cancel(id), onSuccess: done }),
  };
}

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, sendNow }: { body: CampaignInput; sendNow: boolean }) => {
      const created = await campaignsApi.create(body);
      if (sendNow) await campaignsApi.start(created._id);
      return created;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: campaignKeys.list }),
  });
}

export const useChoices = () =>
  useQuery({ queryKey: campaignKeys.choices, queryFn: loadChoices, staleTime: 60_000 });

export const useApprovedTemplates = (integration: string | undefined) =>
  useQuery({
    queryKey: campaignKeys.templates(integration ?? ''),
    queryFn: () => approvedTemplates(integration as string),
    enabled: Boolean(integration),
  });

export function useAudienceLists() {
  const client = useQueryClient();
  const lists = useQuery({ queryKey: campaignKeys.audienceLists, queryFn: campaignsApi.audienceLists });
  const invalidate = () => {
    void client.invalidateQueries({ queryKey: campaignKeys.audienceLists });
    void client.invalidateQueries({ queryKey: campaignKeys.choices });
  };
  const create = useMutation({
    mutationFn: (body: AudienceListInput) => campaignsApi.createAudienceList(body),
    onSuccess: invalidate,
  });
  const remove = useMutation({ mutationFn: campaignsApi.deleteAudienceList, onSuccess: invalidate });
  const importCsv = useMutation({ mutationFn: campaignsApi.createCsvAudienceList, onSuccess: invalidate });
  return { lists, create, remove, importCsv };
}
