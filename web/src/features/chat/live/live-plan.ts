import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';

/** The socket events the chat screen follows. */
export const CHAT_LIVE_EVENTS = [
  'new-call',
  'new-message',
  'transfer-call',
  'conversation-update',
  'message-status',
  'close-call-chat',
] as const satisfies readonly ServerEvent[];
export type ChatLiveEvent = (typeof CHAT_LIVE_EVENTS)[number];
export type ChatFrame = { [E in ChatLiveEvent]: ServerFrame<E> }[ChatLiveEvent];

export interface StatusPatch {
  conversation: string;
  message: string;
  status: MessageView['status'];
  error?: { code: string; message: string } | undefined;
}

/** One burst of frames reduced to the cache edits it needs: each item once, its latest version. */
export interface LivePlan {
  conversations: ConversationView[];
  messages: MessageView[];
  statuses: StatusPatch[];
  newCalls: ConversationView[];
  /** Counts (queue, unread) are refetched at most once per burst. */
  refreshCounts: boolean;
  /** A close-call-chat frame names no conversation: the lists are refetched once. */
  refreshLists: boolean;
}

const newer = (a: ConversationView, b: ConversationView | undefined): boolean =>
  !b || a.updated_at >= b.updated_at;

export function planLiveBatch(frames: readonly ChatFrame[]): LivePlan {
  const conversations = new Map<string, ConversationView>();
  const messages = new Map<string, MessageView>();
  const statuses = new Map<string, StatusPatch>();
  const newCalls = new Map<string, ConversationView>();
  let refreshCounts = false;
  let refreshLists = false;
  const keep = (conversation: ConversationView) => {
    if (newer(conversation, conversations.get(conversation._id)))
      conversations.set(conversation._id, conversation);
  };
  for (const frame of frames) {
    switch (frame.event) {
      case 'new-call':
        keep(frame.data.conversation);
        newCalls.set(frame.data.conversation._id, frame.data.conversation);
        refreshCounts = true;
        break;
      case 'new-message':
        keep(frame.data.conversation);
        messages.set(frame.data.message._id, frame.data.message);
        statuses.delete(frame.data.message._id);
        refreshCounts = true;
        break;
      case 'transfer-call':
      case 'conversation-update':
        keep(frame.data.conversation);
        refreshCounts = true;
        break;
      case 'message-status': {
        const { conversation, message, status, error } = frame.data;
        statuses.set(message, { conversation, message, status, ...(error && { error }) });
        break;
      }
      case 'close-call-chat':
        refreshLists = true;
        refreshCounts = true;
        break;
    }
  }
  return {
    conversations: [...conversations.values()],
    messages: [...messages.values()],
    statuses: [...statuses.values()],
    newCalls: [...newCalls.values()],
    refreshCounts,
    refreshLists,
  };
}

export interface FrameBatcher<T> {
  push(item: T): void;
  cancel(): void;
}

/** Collects items from the first one for `delayMs`, then hands the whole burst over once. */
export function createBatcher<T>(delayMs: number, flush: (batch: T[]) => void): FrameBatcher<T> {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(item) {
      pending.push(item);
      timer ??= setTimeout(() => {
        timer = undefined;
        const batch = pending;
        pending = [];
        flush(batch);
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
