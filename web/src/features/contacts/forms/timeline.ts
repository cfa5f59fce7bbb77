import type { TimelineEntry } from '@atende/shared/contracts/contacts/get-contact-timeline';

/** Oldest first, as the spec's timeline reads; entries at the same instant keep the server's order. */
export const inTimeOrder = (entries: readonly TimelineEntry[]): TimelineEntry[] =>
  entries
    .map((entry, index) => ({ entry, index, at: Date.parse(entry.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ entry }) => entry);
