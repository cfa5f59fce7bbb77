import type { AccessContext } from '@atende/shared/rules/access';
import { operatorScopeOf } from '@atende/shared/rules/permission-scope';

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
  // The narrowest scope flag counts, as on the server: "apenas do seu departamento" means no "all" tab.
  const scope = operatorScopeOf(permissions);
  return scope === 'display_all_attendances' || scope === 'allow_spies';
}

export function visibleTabs(access: AccessContext | undefined): ConversationTab[] {
  return canSeeAllConversations(access) ? [...CONVERSATION_TABS] : ['mine', 'queue'];
}
