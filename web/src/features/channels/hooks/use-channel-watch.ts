import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { CHANNEL_EVENTS, channelKeys, fetchChannelHealth, fetchChannels } from '../api/channels-api.ts';
import { connectionNotices } from '../health/health-display.ts';

const liveKeys = () => [channelKeys.all];

/**
 * The shell's view of the channels: spec point 4 health, refreshed on the realtime channel events, and the
 * WhatsApp connect/disconnect notices whenever a refresh shows a connection flipped.
 */
export function useChannelWatch() {
  const { message } = App.useApp();
  useLiveInvalidation(CHANNEL_EVENTS, liveKeys);
  const health = useQuery({ queryKey: channelKeys.health, queryFn: fetchChannelHealth });
  const channels = useQuery({ queryKey: channelKeys.list, queryFn: fetchChannels });
  const previous = useRef<readonly IntegrationView[]>(undefined);

  useEffect(() => {
    if (!channels.data) return;
    for (const notice of connectionNotices(previous.current, channels.data))
      void message.open({ type: notice.kind, content: notice.text, duration: notice.seconds });
    previous.current = channels.data;
  }, [channels.data, message]);

  return health;
}
