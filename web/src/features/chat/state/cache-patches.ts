/** Immutable edits of TanStack infinite-query data ({pages, pageParams}) kept by the chat screen. */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PagedData<T> {
  pages: CursorPage<T>[];
  pageParams: unknown[];
}

interface Identified {
  _id: string;
}

const findIn = <T extends Identified>(data: PagedData<T>, id: string): boolean =>
  data.pages.some((page) => page.items.some((item) => item._id === id));

const replaceIn = <T extends Identified>(
  data: PagedData<T>,
  id: string,
  next: (item: T) => T,
): PagedData<T> => ({
  ...data,
  pages: data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => (item._id === id ? next(item) : item)),
  })),
});

/**
 * Messages are paged newest first: a known message is replaced where it is, an unknown one goes into the first page
 * at its place by date. Unloaded data stays unloaded (the query fetches everything when it opens).
 */
export function upsertMessages<T extends Identified & { created_at: string }>(
  data: PagedData<T> | undefined,
  messages: readonly T[],
): PagedData<T> | undefined {
  if (!data || data.pages.length === 0) return data;
  let result = data;
  for (const message of messages) {
    if (findIn(result, message._id)) {
      result = replaceIn(result, message._id, () => message);
      continue;
    }
    const [first, ...rest] = result.pages as [CursorPage<T>, ...CursorPage<T>[]];
    const at = first.items.findIndex((item) => item.created_at <= message.created_at);
    const items = [...first.items];
    items.splice(at < 0 ? items.length : at, 0, message);
    result = { ...result, pages: [{ ...first, items }, ...rest] };
  }
  return result;
}

export function patchItem<T extends Identified>(
  data: PagedData<T> | undefined,
  id: string,
  patch: (item: T) => T,
): PagedData<T> | undefined {
  if (!data || !findIn(data, id)) return data;
  return replaceIn(data, id, patch);
}

/**
 * Conversation lists are ordered by last activity: a known conversation is replaced and, when its activity is
 * newer, moved to the top. `found` tells the caller whether a refetch is needed to place an unknown one.
 */
export function upsertConversation<T extends Identified & { last_activity_at: string }>(
  data: PagedData<T> | undefined,
  conversation: T,
): { data: PagedData<T> | undefined; found: boolean } {
  if (!data || !findIn(data, conversation._id)) return { data, found: false };
  const topActivity = data.pages[0]?.items[0]?.last_activity_at ?? '';
  if (conversation.last_activity_at < topActivity) {
    return { data: replaceIn(data, conversation._id, () => conversation), found: true };
  }
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item._id !== conversation._id),
  }));
  const [first, ...rest] = pages as [CursorPage<T>, ...CursorPage<T>[]];
  return {
    data: { ...data, pages: [{ ...first, items: [conversation, ...first.items] }, ...rest] },
    found: true,
  };
}

export function flattenPages<T>(data: PagedData<T> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}
