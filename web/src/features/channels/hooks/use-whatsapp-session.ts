import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import {
  CHANNEL_EVENTS,
  channelKeys,
  connectSession,
  fetchSession,
  logoutSession,
} from '../api/channels-api.ts';

/**
 * While the QR modal is open the worker answers in the background: refresh-whatsapp frames refetch the
 * session, and a slow poll covers a socket that is reconnecting.
 */
const POLL_MS = 3000;

const liveKeys = () => [channelKeys.all];

export function useWhatsappSession(id: string | undefined) {
  useLiveInvalidation(CHANNEL_EVENTS, liveKeys);
  return useQuery({
    queryKey: channelKeys.session(id ?? ''),
    queryFn: () => fetchSession(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: POLL_MS,
  });
}

export function useWhatsappSessionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });
  const connect = useMutation({ mutationFn: connectSession, onSettled: refresh });
  const logout = useMutation({ mutationFn: logoutSession, onSettled: refresh });
  return { connect, logout };
}
