import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import type { ConversationFilters } from '../api/query-keys.ts';
import type { ConversationTab } from './list-filters.ts';
import type { PagedData } from './cache-patches.ts';
import { upsertConversation } from './cache-patches.ts';

/**
 * Whether a conversation belongs in a list with these filters, as the list route selects: mine = served by the
 * viewer and not closed (unless closed ones are asked for), queue = waiting, all = anything visible. A search can
 * only be judged by the server, so undefined ("unknown") comes back then.
 */
export function belongsToList(
  conversation: ConversationView,
  filters: ConversationFilters,
  viewerId: string,
): boolean | undefined {
  if (filters.search) return undefined;
  if (filters.status && conversation.status !== filters.status) return false;
  if (filters.channel && conversation.channel !== filters.channel) return false;
  if (filters.department && conversation.department !== filters.department) return false;
  switch (filters.tab) {
    case 'mine':
      return (
        conversation.employee?._id === viewerId &&
        (filters.status !== undefined || conversation.status !== 'closed')
      );
    case 'queue':
      return conversation.status === 'queue';
    case 'all':
      return true;
  }
}

const without = (data: PagedData<ConversationView>, id: string): PagedData<ConversationView> => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item._id !== id) })),
});

/**
 * One list's cache after a conversation changed: moved to the top, added at the top (it is the most recent
 * activity), or removed when it left the list. `refetch` only when the list cannot be judged here (a search).
 */
export function placeConversation(
  data: PagedData<ConversationView> | undefined,
  conversation: ConversationView,
  filters: ConversationFilters,
  viewerId: string,
): { data: PagedData<ConversationView> | undefined; refetch: boolean } {
  if (!data || data.pages.length === 0) return { data, refetch: false };
  const belongs = belongsToList(conversation, filters, viewerId);
  const moved = upsertConversation(data, conversation);
  if (belongs === undefined)
    return moved.found ? { data: moved.data, refetch: false } : { data, refetch: true };
  if (!belongs) return { data: moved.found ? without(data, conversation._id) : data, refetch: false };
  if (moved.found) return { data: moved.data, refetch: false };
  const [first, ...rest] = data.pages as [
    PagedData<ConversationView>['pages'][number],
    ...PagedData<ConversationView>['pages'],
  ];
  return {
    data: { ...data, pages: [{ ...first, items: [conversation, ...first.items] }, ...rest] },
    refetch: false,
  };
}

/**
 * The tab to show after the viewer acted on a conversation (took, transferred): the current one while the
 * conversation still belongs there, else the first visible tab holding it, so the list follows the conversation
 * (after "Atender" from the queue, to "Meus atendimentos") and it stays selected in view.
 */
export function tabFollowing(
  conversation: ConversationView,
  current: ConversationTab,
  tabs: readonly ConversationTab[],
  viewerId: string,
): ConversationTab {
  const holds = (tab: ConversationTab) => belongsToList(conversation, { tab, search: '' }, viewerId) === true;
  if (holds(current)) return current;
  return tabs.find(holds) ?? current;
}
