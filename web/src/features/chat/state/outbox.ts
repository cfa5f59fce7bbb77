/**
 * Spec point 4, text sending: the message shows at once as a temporary item, is replaced by the server's message
 * on success, and stays (marked failed) on failure. The outbox holds those items beside the server's pages.
 */
export type OutboxState = 'sending' | 'failed' | 'sent';

export interface TimelineMessage {
  _id: string;
  created_at: string;
}

export interface OutboxItem<M extends TimelineMessage> {
  tempId: string;
  conversationId: string;
  message: M;
  state: OutboxState;
}

export type OutboxAction<M extends TimelineMessage> =
  | { type: 'add'; item: OutboxItem<M> }
  | { type: 'succeeded'; tempId: string; message: M }
  | { type: 'failed'; tempId: string }
  | { type: 'retry'; tempId: string }
  | { type: 'discard'; tempId: string };

export function outboxReducer<M extends TimelineMessage>(
  items: readonly OutboxItem<M>[],
  action: OutboxAction<M>,
): readonly OutboxItem<M>[] {
  switch (action.type) {
    case 'add':
      return [...items, action.item];
    case 'succeeded':
      return items.map((item) =>
        item.tempId === action.tempId ? { ...item, message: action.message, state: 'sent' } : item,
      );
    case 'failed':
      return items.map((item) => (item.tempId === action.tempId ? { ...item, state: 'failed' } : item));
    case 'retry':
      return items.map((item) => (item.tempId === action.tempId ? { ...item, state: 'sending' } : item));
    case 'discard':
      return items.filter((item) => item.tempId !== action.tempId);
  }
}

export interface TimelineEntry<M extends TimelineMessage> {
  message: M;
  /** Set on items this browser is still sending or failed to send. */
  local?: 'sending' | 'failed';
  /** Stable across the temp → server replacement so the row does not remount. */
  key: string;
}

/**
 * The server's messages (oldest first) followed by this conversation's outbox items the server list does not hold
 * yet; a sent item that the server list already contains is dropped so it is never shown twice.
 */
export function mergeTimeline<M extends TimelineMessage>(
  serverMessages: readonly M[],
  outbox: readonly OutboxItem<M>[],
  conversationId: string,
): TimelineEntry<M>[] {
  const known = new Set(serverMessages.map((message) => message._id));
  const entries: TimelineEntry<M>[] = serverMessages.map((message) => ({ message, key: message._id }));
  const sentKeys = new Map<string, string>();
  for (const item of outbox) {
    if (item.conversationId !== conversationId) continue;
    if (known.has(item.message._id)) {
      sentKeys.set(item.message._id, item.tempId);
      continue;
    }
    entries.push({
      message: item.message,
      key: item.tempId,
      ...(item.state !== 'sent' && { local: item.state }),
    });
  }
  return entries.map((entry) => {
    const tempKey = sentKeys.get(entry.message._id);
    return tempKey ? { ...entry, key: tempKey } : entry;
  });
}

/** Sent items the server list already holds are no longer needed in the outbox. */
export function settledTempIds<M extends TimelineMessage>(
  serverMessages: readonly M[],
  outbox: readonly OutboxItem<M>[],
): string[] {
  const known = new Set(serverMessages.map((message) => message._id));
  return outbox.filter((item) => item.state === 'sent' && known.has(item.message._id)).map((i) => i.tempId);
}
