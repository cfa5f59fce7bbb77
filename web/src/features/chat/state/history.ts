import type { ConversationView } from '@atende/shared/contracts/conversations/views';

/** The side panel's history: the customer's conversations other than the one open, in the order received. */
export const pastConversations = (
  items: readonly ConversationView[],
  openId: string | undefined,
): ConversationView[] => items.filter((item) => item._id !== openId);
