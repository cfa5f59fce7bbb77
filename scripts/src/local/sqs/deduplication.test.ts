import { describe, expect, it } from 'vitest';
import { QueueEngine } from './engine.ts';
import { DEDUPLICATION_WINDOW_MS } from './model.ts';
import { defaultSettings } from './queue-attributes.ts';

const MINUTE = 60_000;

function fifoEngine() {
  const clock = { now: 1_000_000 };
  const engine = new QueueEngine({
    accountId: '000000000000',
    now: () => clock.now,
    onChange: () => {},
    onMutate: () => {},
  });
  engine.putQueue('events.fifo', defaultSettings(true));
  const send = (id: string) =>
    engine.send('events.fifo', { body: `body ${id}`, attributes: {}, groupId: 'g', deduplicationId: id })
      .messageId;
  return { clock, engine, send };
}

describe('local SQS FIFO deduplication window', () => {
  it('forgets an id five minutes after its send, and a re-sent id starts a new window of its own', () => {
    const { clock, engine, send } = fifoEngine();
    const start = clock.now;
    // Ids that read as integers too: a plain object lists those first, whatever their send order.
    const first = { '2': send('2'), '1': send('1'), b: send('b') };
    clock.now = start + 4 * MINUTE;
    const a = send('a');
    expect(send('1')).toBe(first['1']);

    // Past the first three's window: they are sent again as new messages; `a` is still a duplicate.
    clock.now = start + DEDUPLICATION_WINDOW_MS + 1;
    const again = send('1');
    expect(again).not.toBe(first['1']);
    expect(send('2')).not.toBe(first['2']);
    expect(send('a')).toBe(a);

    // Past `a`'s window, within the new one of `1`.
    clock.now = start + 4 * MINUTE + DEDUPLICATION_WINDOW_MS + 1;
    expect(send('a')).not.toBe(a);
    expect(send('1')).toBe(again);

    // What is kept across a restart: the ids of the window, as the persisted state lists them.
    const [queue] = engine.snapshot().queues;
    expect(Object.keys(queue?.deduplication ?? {}).sort()).toEqual(['1', '2', 'a']);
  });
});
