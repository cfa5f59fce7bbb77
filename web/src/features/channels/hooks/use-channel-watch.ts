import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { useSocketEvent } from '../../../lib/socket/use-socket-event.ts';
import { CHANNEL_EVENTS, channelKeys, fetchChannelHealth, fetchChannels } from '../api/channels-api.ts';
import { type ConnectionNotice, createNoticeTracker } from '../health/health-display.ts';

const liveKeys = () => [channelKeys.all];

/**
 * The shell's view of the channels: spec point 4 health, refreshed on the realtime channel events, and the
 * WhatsApp connect/disconnect notices when a frame announces a flip or a refresh shows one.
 */
export function useChannelWatch() {
  const { message } = App.useApp();
  useLiveInvalidation(CHANNEL_EVENTS, liveKeys);
  const health = useQuery({ queryKey: channelKeys.health, queryFn: fetchChannelHealth });
  const channels = useQuery({ queryKey: channelKeys.list, queryFn: fetchChannels });
  const previous = useRef<readonly IntegrationView[]>(undefined);
  const [tracker] = useState(createNoticeTracker);
  const show = useCallback(
    (notice: ConnectionNotice) =>
      void message.open({ type: notice.kind, content: notice.text, duration: notice.seconds }),
    [message],
  );

  useSocketEvent('refresh-whatsapp', (frame) => {
    const notice = tracker.fromFrame(frame.data);
    if (notice) show(notice);
  });

  useEffect(() => {
    if (!channels.data) return;
    tracker.fromLists(previous.current, channels.data).forEach(show);
    previous.current = channels.data;
  }, [channels.data, show, tracker]);

  return health;
}
