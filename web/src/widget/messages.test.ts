import { describe, expect, it } from 'vitest';
import { mergeMessages, newClientMessageId, type ShownMessage } from './messages.ts';

const message = (
  id: string,
  at: string,
  state: ShownMessage['state'] = 'sent',
  sender: ShownMessage['sender'] = 'customer',
): ShownMessage => ({
  id,
  sender,
  text: id,
  created_at: at,
  state,
});

describe('mergeMessages', () => {
  it('keeps one entry per id, the server copy replacing the optimistic one, in time order', () => {
    const optimistic = message('a', '2026-11-21T10:00:05.000Z', 'pending');
    const merged = mergeMessages(
      [optimistic],
      [
        message('b', '2026-11-21T10:00:01.000Z', 'sent', 'operator'),
        message('a', '2026-11-21T10:00:06.000Z'),
      ],
    );
    expect(merged.map((entry) => [entry.id, entry.state])).toEqual([
      ['b', 'sent'],
      ['a', 'sent'],
    ]);
  });

  it('keeps messages on their way last and never turns a delivered one back to pending', () => {
    const sent = message('a', '2026-11-21T10:00:00.000Z');
    const waiting = message('w', '2026-11-21T09:00:00.000Z', 'failed');
    const merged = mergeMessages([sent, waiting], [message('a', '2026-11-21T10:00:00.000Z', 'pending')]);
    expect(merged.map((entry) => [entry.id, entry.state])).toEqual([
      ['a', 'sent'],
      ['w', 'failed'],
    ]);
  });

  it('ignores an operator message pushed twice (a retried send)', () => {
    const pushed = message('op1', '2026-11-21T10:00:00.000Z', 'sent', 'operator');
    expect(mergeMessages(mergeMessages([], [pushed]), [pushed])).toHaveLength(1);
  });
});

describe('newClientMessageId', () => {
  it('makes the 32-hex id the server accepts as an idempotency key', () => {
    const id = newClientMessageId((bytes) => bytes.fill(171));
    expect(id).toBe('ab'.repeat(16));
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
