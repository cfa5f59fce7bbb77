import type { MessageView } from '@atende/shared/contracts/conversations/views';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { fetchMessagePage } from '../api/conversations-api.ts';
import { chatKeys } from '../api/query-keys.ts';
import { flattenPages } from '../state/cache-patches.ts';
import { dispatchOutboxAtom, outboxAtom } from '../state/outbox-atoms.ts';
import { mergeTimeline, settledTempIds } from '../state/outbox.ts';

/** Pages newest first from the API; the view wants oldest first, with this tab's optimistic items after them. */
export function useMessageTimeline(conversationId: string) {
  const query = useInfiniteQuery({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam }) => fetchMessagePage(conversationId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const outbox = useAtomValue(outboxAtom);
  const dispatch = useSetAtom(dispatchOutboxAtom);
  const serverMessages = useMemo(() => flattenPages<MessageView>(query.data).reverse(), [query.data]);
  const timeline = useMemo(
    () => mergeTimeline(serverMessages, outbox, conversationId),
    [serverMessages, outbox, conversationId],
  );
  useEffect(() => {
    for (const tempId of settledTempIds(serverMessages, outbox)) dispatch({ type: 'discard', tempId });
  }, [serverMessages, outbox, dispatch]);
  return { query, timeline };
}
