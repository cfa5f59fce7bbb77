import type { TimelineEntry } from '@atende/shared/contracts/contacts/get-contact-timeline';
import { describe, expect, it } from 'vitest';
import { inTimeOrder } from './timeline.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('inTimeOrder', () => {
  it('puts conversations, tag changes and creation in time order, ties kept as sent', () => {
    const entries: TimelineEntry[] = [
      { kind: 'tag', at: '2026-03-02T10:00:00.000Z', tag: id(1), action: 'added', employee: null },
      { kind: 'created', at: '2026-03-01T09:00:00.000Z', employee: null },
      {
        kind: 'conversation',
        at: '2026-03-02T10:00:00.000Z',
        conversation: id(2),
        channel: 'widget',
        status: 'closed',
        messages_count: 3,
      },
      { kind: 'tag', at: '2026-03-01T12:00:00.000Z', tag: id(1), action: 'removed', employee: id(3) },
    ];
    expect(inTimeOrder(entries).map((entry) => `${entry.kind}@${entry.at.slice(0, 13)}`)).toEqual([
      'created@2026-03-01T09',
      'tag@2026-03-01T12',
      'tag@2026-03-02T10',
      'conversation@2026-03-02T10',
    ]);
  });
});
