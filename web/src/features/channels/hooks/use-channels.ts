import type {
  CreateIntegrationBody,
  IntegrationView,
  UpdateIntegrationBody,
} from '@atende/shared/contracts/integrations/views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import {
  CHANNEL_EVENTS,
  channelKeys,
  createChannel,
  deleteChannel,
  fetchChannels,
  removeWhatsapp,
  updateChannel,
} from '../api/channels-api.ts';

const liveKeys = () => [channelKeys.all];

/** The company's channel integrations, refetched when a channel event arrives. */
export function useChannels() {
  useLiveInvalidation(CHANNEL_EVENTS, liveKeys);
  return useQuery({ queryKey: channelKeys.list, queryFn: fetchChannels });
}

export function useChannelMutations(companyId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });
  const create = useMutation({
    mutationFn: (body: CreateIntegrationBody) => createChannel(body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateIntegrationBody }) => updateChannel(id, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    // WhatsApp integrations go through the spec's own removal call so its messages apply.
    mutationFn: async (view: IntegrationView): Promise<string | undefined> => {
      if (view.type === 'official' || view.type === 'unofficial')
        return (await removeWhatsapp(companyId, view._id)).message;
      await deleteChannel(view._id);
      return undefined;
    },
    onSettled: refresh,
  });
  return { create, update, remove };
}
