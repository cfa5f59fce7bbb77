import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { postAssign, postClose, postTransfer } from '../api/conversations-api.ts';
import { chatKeys } from '../api/query-keys.ts';

const TOAST_SECONDS = LIMITS.toastDurationMs / 1000;
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed;

export type TransferTarget = { employee: string } | { department: string };

/** Take, transfer and close; the answer replaces the cached conversation and the lists and counts refresh once. */
export function useConversationActions(conversationId: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const settle = async (conversation: ConversationView, done: string) => {
    queryClient.setQueryData(chatKeys.conversation(conversation._id), conversation);
    void message.success(done, TOAST_SECONDS);
    // The assignee reading the messages is what clears the unread count, so the lists refresh after that read.
    await queryClient.refetchQueries({ queryKey: chatKeys.messages(conversation._id) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    void queryClient.invalidateQueries({ queryKey: chatKeys.counts });
  };
  const onError = (error: unknown) => void message.error(errorText(error), TOAST_SECONDS);
  const assign = useMutation({
    mutationFn: () => postAssign(conversationId),
    onSuccess: (conversation) => settle(conversation, ptBR.chat.actions.assigned),
    onError,
  });
  const transfer = useMutation({
    mutationFn: (target: TransferTarget) => postTransfer(conversationId, target),
    onSuccess: (conversation) => settle(conversation, ptBR.chat.actions.transferred),
    onError,
  });
  const close = useMutation({
    mutationFn: (tabulation: string | undefined) => postClose(conversationId, tabulation),
    onSuccess: (conversation) => settle(conversation, ptBR.chat.actions.closedDone),
    onError,
  });
  return { assign, transfer, close };
}
