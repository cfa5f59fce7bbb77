import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { shellFrames } from '../../../lib/socket/active-socket.ts';
import type { ConversationFilters } from '../api/query-keys.ts';
import { chatKeys } from '../api/query-keys.ts';
import type { ChatFrame, LivePlan } from '../live/live-plan.ts';
import { CHAT_LIVE_EVENTS, createBatcher, planLiveBatch } from '../live/live-plan.ts';
import { playNewCallSound } from '../live/new-call-sound.ts';
import type { PagedData } from '../state/cache-patches.ts';
import { patchItem, upsertMessages } from '../state/cache-patches.ts';
import { placeConversation } from '../state/list-placement.ts';

/** Frames arrive in bursts; the caches are edited once per window, and lists refetched at most once. */
const LIVE_WINDOW_MS = 300;

export function applyLivePlan(queryClient: QueryClient, plan: LivePlan, viewerId: string): void {
  const byConversation = new Map<string, MessageView[]>();
  for (const message of plan.messages) {
    byConversation.set(message.conversation, [...(byConversation.get(message.conversation) ?? []), message]);
  }
  for (const [conversationId, messages] of byConversation) {
    queryClient.setQueryData<PagedData<MessageView>>(chatKeys.messages(conversationId), (data) =>
      upsertMessages(data, messages),
    );
  }
  for (const patch of plan.statuses) {
    queryClient.setQueryData<PagedData<MessageView>>(chatKeys.messages(patch.conversation), (data) =>
      patchItem(data, patch.message, (message) => ({
        ...message,
        status: patch.status,
        ...(patch.error && { error: patch.error }),
      })),
    );
  }
  let refetchLists = plan.refreshLists;
  for (const conversation of plan.conversations) {
    queryClient.setQueryData<ConversationView>(chatKeys.conversation(conversation._id), conversation);
    for (const [key, data] of queryClient.getQueriesData<PagedData<ConversationView>>({
      queryKey: chatKeys.lists,
    })) {
      const filters = key[2] as ConversationFilters | undefined;
      if (!filters) continue;
      const placed = placeConversation(data, conversation, filters, viewerId);
      if (placed.data !== data) queryClient.setQueryData(key, placed.data);
      refetchLists ||= placed.refetch;
    }
  }
  // Lists are edited in place; one refetch per burst only when a searched list cannot place a conversation.
  if (refetchLists) void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
  if (plan.refreshCounts) void queryClient.invalidateQueries({ queryKey: chatKeys.counts });
}

/** Follows the shell's socket while the chat screen is open: caches, new-call sound and notices. */
export function useChatLive(
  viewerId: string | undefined,
  openConversationId: string | undefined,
  newCallSound: boolean,
): void {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  useEffect(() => {
    if (!viewerId) return;
    const batcher = createBatcher<ChatFrame>(LIVE_WINDOW_MS, (frames) => {
      const plan = planLiveBatch(frames);
      applyLivePlan(queryClient, plan, viewerId);
      const [call] = plan.newCalls;
      if (call) {
        if (newCallSound) playNewCallSound();
        notification.info({
          message: interpolate(ptBR.chat.notices.newCall, {
            name: call.customer.full_name || ptBR.chat.unknownCustomer,
          }),
          duration: LIMITS.notificationDurationMs / 1000,
        });
      }
      const incoming = plan.messages.find(
        (message) => message.sent_by === 'customer' && message.conversation !== openConversationId,
      );
      if (incoming && !call) {
        notification.info({
          message: interpolate(ptBR.chat.notices.newMessage, {
            name: incoming.customer?.full_name || ptBR.chat.unknownCustomer,
          }),
          duration: LIMITS.notificationDurationMs / 1000,
        });
      }
    });
    const stops = CHAT_LIVE_EVENTS.map((event) =>
      shellFrames.on(event, (frame) => batcher.push(frame as ChatFrame)),
    );
    return () => {
      stops.forEach((stop) => stop());
      batcher.cancel();
    };
  }, [queryClient, notification, viewerId, openConversationId, newCallSound]);
}
