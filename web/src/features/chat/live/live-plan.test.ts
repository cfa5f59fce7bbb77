import type { ConversationView, MessageView } from '@atende/shared/contracts/conversations/views';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatFrame } from './live-plan.ts';
import { createBatcher, planLiveBatch } from './live-plan.ts';

const COMPANY = 'a'.repeat(24);
const id = (n: number) => n.toString(16).padStart(24, '0');

const conversation = (n: number, updated: string): ConversationView => ({
  _id: id(n),
  protocol: '20261121000001',
  status: 'queue',
  channel: 'widget',
  integration: id(900),
  customer: { _id: id(800 + n), full_name: `Cliente ${n}`, channel: 'widget' },
  department: null,
  employee: null,
  tabulation: null,
  redistributed: false,
  unread: 1,
  last_message: null,
  created_at: updated,
  updated_at: updated,
  last_activity_at: updated,
  closed_at: null,
});

const message = (n: number, conv: number): MessageView => ({
  _id: id(1000 + n),
  conversation: id(conv),
  type: 'text',
  content: `m${n}`,
  sent_by: 'customer',
  channel: 'widget',
  created_at: '2026-11-21T10:00:00Z',
  read: false,
  flags: [],
  channel_metadata: {},
  company: COMPANY,
  status: 'read',
});

const newMessage = (n: number, conv: number, updated: string): ChatFrame => ({
  event: 'new-message',
  data: { company: COMPANY, conversation: conversation(conv, updated), message: message(n, conv) },
});

describe('coalescing of realtime chat frames', () => {
  it('reduces a burst to each conversation once, at its latest version, and each message once', () => {
    const frames: ChatFrame[] = [];
    for (let n = 0; n < 60; n += 1)
      frames.push(newMessage(n, n % 3, `2026-11-21T10:00:${String(n).padStart(2, '0')}Z`));
    frames.push(newMessage(5, 2, '2026-11-21T10:00:05Z'));
    const plan = planLiveBatch(frames);
    expect(plan.conversations).toHaveLength(3);
    expect(plan.conversations.find((c) => c._id === id(2))?.updated_at).toBe('2026-11-21T10:00:59Z');
    expect(plan.messages).toHaveLength(60);
    expect(plan.refreshCounts).toBe(true);
    expect(plan.refreshLists).toBe(false);
  });

  it('keeps the last status of a message and lists new calls once', () => {
    const plan = planLiveBatch([
      {
        event: 'message-status',
        data: { company: COMPANY, conversation: id(1), message: id(7), status: 'sent' },
      },
      {
        event: 'message-status',
        data: { company: COMPANY, conversation: id(1), message: id(7), status: 'read' },
      },
      {
        event: 'new-call',
        data: { company: COMPANY, conversation: conversation(4, '2026-11-21T10:00:00Z') },
      },
      {
        event: 'new-call',
        data: { company: COMPANY, conversation: conversation(4, '2026-11-21T10:00:00Z') },
      },
    ]);
    expect(plan.statuses).toEqual([{ conversation: id(1), message: id(7), status: 'read' }]);
    expect(plan.newCalls.map((c) => c._id)).toEqual([id(4)]);
  });

  it('asks for one list refresh when a close-call-chat frame names no conversation', () => {
    const plan = planLiveBatch([
      { event: 'close-call-chat', data: { company: COMPANY } },
      { event: 'close-call-chat', data: { company: COMPANY } },
    ]);
    expect(plan.refreshLists).toBe(true);
    expect(plan.conversations).toEqual([]);
  });
});

describe('frame batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes a burst once, after the window that began with its first frame', () => {
    const flush = vi.fn();
    const batcher = createBatcher<number>(300, flush);
    for (let n = 0; n < 100; n += 1) batcher.push(n);
    vi.advanceTimersByTime(299);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush.mock.calls[0]?.[0]).toHaveLength(100);
    batcher.push(101);
    vi.advanceTimersByTime(300);
    expect(flush).toHaveBeenCalledTimes(2);
    expect(flush.mock.calls[1]?.[0]).toEqual([101]);
  });

  it('drops pending frames when cancelled', () => {
    const flush = vi.fn();
    const batcher = createBatcher<number>(300, flush);
    batcher.push(1);
    batcher.cancel();
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
  });
});
