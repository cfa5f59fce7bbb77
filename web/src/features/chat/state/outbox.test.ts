import { describe, expect, it } from 'vitest';
import type { OutboxItem, TimelineMessage } from './outbox.ts';
import { mergeTimeline, outboxReducer, settledTempIds } from './outbox.ts';

interface Msg extends TimelineMessage {
  content: string;
}

const server = (id: string, content: string, at: string): Msg => ({ _id: id, content, created_at: at });
const temp: OutboxItem<Msg> = {
  tempId: 'temp-1',
  conversationId: 'c1',
  message: { _id: 'temp-1', content: 'olá', created_at: '2026-11-21T10:00:05Z' },
  state: 'sending',
};

describe('optimistic outbox', () => {
  it('shows the temporary item at once, marked sending, after the server messages', () => {
    const outbox = outboxReducer<Msg>([], { type: 'add', item: temp });
    const timeline = mergeTimeline([server('a', 'oi', '2026-11-21T10:00:00Z')], outbox, 'c1');
    expect(timeline.map((entry) => [entry.message._id, entry.local])).toEqual([
      ['a', undefined],
      ['temp-1', 'sending'],
    ]);
  });

  it('replaces the temporary item by the server message on success, keeping the row key', () => {
    let outbox = outboxReducer<Msg>([], { type: 'add', item: temp });
    const stored = server('b', 'olá', '2026-11-21T10:00:06Z');
    outbox = outboxReducer(outbox, { type: 'succeeded', tempId: 'temp-1', message: stored });
    const before = mergeTimeline([server('a', 'oi', '2026-11-21T10:00:00Z')], outbox, 'c1');
    expect(before.at(-1)).toEqual({ message: stored, key: 'temp-1' });
    const after = mergeTimeline([server('a', 'oi', '2026-11-21T10:00:00Z'), stored], outbox, 'c1');
    expect(after.map((entry) => entry.message._id)).toEqual(['a', 'b']);
    expect(after.at(-1)?.key).toBe('temp-1');
    expect(settledTempIds([stored], outbox)).toEqual(['temp-1']);
  });

  it('keeps the temporary item, marked failed, when the send fails', () => {
    let outbox = outboxReducer<Msg>([], { type: 'add', item: temp });
    outbox = outboxReducer(outbox, { type: 'failed', tempId: 'temp-1' });
    const timeline = mergeTimeline<Msg>([], outbox, 'c1');
    expect(timeline).toEqual([{ message: temp.message, key: 'temp-1', local: 'failed' }]);
    expect(settledTempIds([], outbox)).toEqual([]);
  });

  it('marks a failed item sending again on retry', () => {
    const failed = outboxReducer<Msg>([{ ...temp, state: 'failed' }], { type: 'retry', tempId: 'temp-1' });
    expect(failed[0]?.state).toBe('sending');
  });

  it('shows only the outbox items of the open conversation', () => {
    const outbox = outboxReducer<Msg>([], { type: 'add', item: { ...temp, conversationId: 'c2' } });
    expect(mergeTimeline<Msg>([], outbox, 'c1')).toEqual([]);
  });
});
