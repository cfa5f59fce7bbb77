import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { describe, expect, it } from 'vitest';
import type { ConversationFilters } from '../api/query-keys.ts';
import type { PagedData } from './cache-patches.ts';
import { flattenPages } from './cache-patches.ts';
import { belongsToList, placeConversation, tabFollowing } from './list-placement.ts';

const ME = 'e'.repeat(24);
const OTHER = 'f'.repeat(24);
const id = (n: number) => n.toString(16).padStart(24, '0');

const conv = (n: number, patch: Partial<ConversationView> = {}): ConversationView => ({
  _id: id(n),
  protocol: `20261121${String(n).padStart(6, '0')}`,
  status: 'queue',
  channel: 'widget',
  integration: id(900),
  customer: { _id: id(800 + n), full_name: `Cliente ${n}`, channel: 'widget' },
  department: null,
  employee: null,
  tabulation: null,
  redistributed: false,
  unread: 0,
  last_message: null,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  last_activity_at: `2026-11-21T10:0${n}:00Z`,
  closed_at: null,
  ...patch,
});

const filters = (
  tab: ConversationFilters['tab'],
  extra: Partial<ConversationFilters> = {},
): ConversationFilters => ({
  tab,
  search: '',
  ...extra,
});
const list = (...items: ConversationView[]): PagedData<ConversationView> => ({
  pages: [{ items, nextCursor: null }],
  pageParams: [undefined],
});

describe('which list a changed conversation belongs to', () => {
  it('puts a taken conversation in mine and out of the queue', () => {
    const taken = conv(1, { status: 'in_service', employee: { _id: ME, name: 'Eu' } });
    expect(belongsToList(taken, filters('mine'), ME)).toBe(true);
    expect(belongsToList(taken, filters('queue'), ME)).toBe(false);
    expect(belongsToList(taken, filters('mine'), OTHER)).toBe(false);
  });

  it('keeps closed conversations out of mine unless closed ones are filtered for', () => {
    const closed = conv(1, { status: 'closed', employee: { _id: ME, name: 'Eu' } });
    expect(belongsToList(closed, filters('mine'), ME)).toBe(false);
    expect(belongsToList(closed, filters('mine', { status: 'closed' }), ME)).toBe(true);
  });

  it('applies the channel and department filters and leaves searches to the server', () => {
    expect(belongsToList(conv(1), filters('all', { channel: 'email' }), ME)).toBe(false);
    expect(belongsToList(conv(1), filters('all', { department: id(5) }), ME)).toBe(false);
    expect(belongsToList(conv(1), filters('all', { search: 'ana' }), ME)).toBeUndefined();
  });
});

describe('placing a changed conversation in a cached list', () => {
  it('adds a new queue conversation at the top without a refetch', () => {
    const result = placeConversation(list(conv(2), conv(1)), conv(3), filters('queue'), ME);
    expect(flattenPages(result.data).map((c) => c._id)).toEqual([id(3), id(2), id(1)]);
    expect(result.refetch).toBe(false);
  });

  it('removes a conversation that left the queue', () => {
    const taken = conv(2, { status: 'in_service', employee: { _id: ME, name: 'Eu' } });
    const result = placeConversation(list(conv(2), conv(1)), taken, filters('queue'), ME);
    expect(flattenPages(result.data).map((c) => c._id)).toEqual([id(1)]);
  });

  it('asks for a refetch only when a searched list cannot place it', () => {
    expect(placeConversation(list(conv(1)), conv(3), filters('all', { search: 'x' }), ME).refetch).toBe(true);
    expect(
      placeConversation(list(conv(1)), conv(1, { unread: 4 }), filters('all', { search: 'x' }), ME).refetch,
    ).toBe(false);
  });
});

describe('the list follows a conversation the viewer took', () => {
  const taken = conv(1, { status: 'in_service', employee: { _id: ME, name: 'Eu' } });

  it('moves from "Fila" to "Meus atendimentos" after Atender, where the taken conversation now is', () => {
    expect(tabFollowing(taken, 'queue', ['mine', 'queue'], ME)).toBe('mine');
    const mine = placeConversation(
      list(conv(2, { status: 'in_service', employee: { _id: ME, name: 'Eu' } })),
      taken,
      filters('mine'),
      ME,
    );
    expect(flattenPages(mine.data).map((item) => item._id)).toEqual([id(1), id(2)]);
  });

  it('stays on a tab that still holds the conversation ("Todos")', () => {
    expect(tabFollowing(taken, 'all', ['mine', 'queue', 'all'], ME)).toBe('all');
  });

  it('stays put when no visible tab holds it (transferred to someone else)', () => {
    const away = conv(1, { status: 'in_service', employee: { _id: OTHER, name: 'Outro' } });
    expect(tabFollowing(away, 'mine', ['mine', 'queue'], ME)).toBe('mine');
  });
});
