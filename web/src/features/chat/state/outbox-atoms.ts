import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { atom } from 'jotai';
import type { OutboxAction, OutboxItem } from './outbox.ts';
import { outboxReducer } from './outbox.ts';

const outboxBase = atom<readonly OutboxItem<MessageView>[]>([]);

/** The optimistic items of every conversation this tab is sending to. */
export const outboxAtom = atom((get) => get(outboxBase));

export const dispatchOutboxAtom = atom(null, (get, set, action: OutboxAction<MessageView>) => {
  set(outboxBase, outboxReducer(get(outboxBase), action));
});
