import { describe, expect, it } from 'vitest';
import type { PagedData } from './cache-patches.ts';
import { flattenPages, patchItem, upsertConversation, upsertMessages } from './cache-patches.ts';

interface Msg {
  _id: string;
  created_at: string;
  content: string;
}

const msg = (id: string, at: string, content = id): Msg => ({ _id: id, created_at: at, content });
const paged = <T>(...pages: T[][]): PagedData<T> => ({
  pages: pages.map((items, index) => ({ items, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
});

describe('message cache edits', () => {
  const data = paged(
    [msg('c', '2026-11-21T10:03:00Z'), msg('b', '2026-11-21T10:02:00Z')],
    [msg('a', '2026-11-21T10:01:00Z')],
  );

  it('puts a new message at the top of the newest page and replaces a known one in place', () => {
    const next = upsertMessages(data, [
      msg('d', '2026-11-21T10:04:00Z'),
      msg('a', '2026-11-21T10:01:00Z', 'edited'),
    ]);
    expect(flattenPages(next).map((m) => m.content)).toEqual(['d', 'c', 'b', 'edited']);
  });

  it('leaves data that was never loaded alone', () => {
    expect(upsertMessages<Msg>(undefined, [msg('d', '2026-11-21T10:04:00Z')])).toBeUndefined();
  });

  it('patches a message status only where it exists', () => {
    const next = patchItem(data, 'b', (m) => ({ ...m, content: 'read' }));
    expect(flattenPages(next).map((m) => m.content)).toEqual(['c', 'read', 'a']);
    expect(patchItem(data, 'zz', (m) => m)).toBe(data);
  });
});

describe('conversation list edits', () => {
  const conv = (id: string, at: string) => ({ _id: id, last_activity_at: at });
  const list = paged(
    [conv('x', '2026-11-21T10:03:00Z'), conv('y', '2026-11-21T10:02:00Z')],
    [conv('z', '2026-11-21T10:01:00Z')],
  );

  it('moves a conversation with new activity to the top', () => {
    const { data, found } = upsertConversation(list, conv('z', '2026-11-21T10:05:00Z'));
    expect(found).toBe(true);
    expect(flattenPages(data).map((c) => c._id)).toEqual(['z', 'x', 'y']);
  });

  it('reports an unknown conversation so the list is refetched', () => {
    expect(upsertConversation(list, conv('new', '2026-11-21T10:05:00Z')).found).toBe(false);
  });
});
