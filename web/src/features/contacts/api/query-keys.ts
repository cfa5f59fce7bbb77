import type { ServerEvent, ServerFrame } from '@atende/shared/realtime/server-events';
import type { QueryKey } from '@tanstack/react-query';
import type { ContactFilters } from './contacts-api.ts';

const ROOT = ['contacts'] as const;

export const contactKeys = {
  all: ROOT,
  lists: [...ROOT, 'list'] as const,
  list: (filters: ContactFilters) => [...ROOT, 'list', filters] as const,
  one: (id: string) => [...ROOT, 'one', id] as const,
  timeline: (id: string) => [...ROOT, 'timeline', id] as const,
  tags: ['organizing', 'tags'] as const,
  wallets: ['organizing', 'wallets'] as const,
  smartTags: ['contacts', 'smart-tags'] as const,
  customFields: ['organizing', 'custom-fields'] as const,
  import: (id: string) => [...ROOT, 'import', id] as const,
  export: (id: string) => [...ROOT, 'export', id] as const,
};

export const CONTACT_LIVE_EVENTS: readonly ServerEvent[] = ['refresh-session-wallet'];

/** A wallet change may move contacts in or out of what this viewer may see, so wallets and the list refetch. */
export const contactKeysForFrame = (frame: ServerFrame): QueryKey[] =>
  frame.event === 'refresh-session-wallet' ? [contactKeys.wallets, contactKeys.lists] : [];
