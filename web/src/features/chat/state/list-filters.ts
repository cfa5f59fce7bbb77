import type { AccessContext } from '@atende/shared/rules/access';

export const CONVERSATION_TABS = ['mine', 'queue', 'all'] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];

/**
 * The "all" tab needs a view-everything permission: admins always; managers with manage_allow_spies; operators
 * with display_all_attendances or allow_spies.
 */
export function canSeeAllConversations(access: AccessContext | undefined): boolean {
  if (!access) return false;
  if (access.role === 'admin') return true;
  const { permissions } = access.company;
  if (access.role === 'manager') return permissions.manage_allow_spies === true;
  return permissions.display_all_attendances === true || permissions.allow_spies === true;
}

export function visibleTabs(access: AccessContext | undefined): ConversationTab[] {
  return canSeeAllConversations(access) ? [...CONVERSATION_TABS] : ['mine', 'queue'];
}
