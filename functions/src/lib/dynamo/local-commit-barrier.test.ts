import { describe, expect, it } from 'vitest';
import { sharedBarrier } from './local-commit-barrier.ts';

/** A barrier call the test answers by hand, recording when it was sent. */
function manualSends() {
  const sent: { at: number; answer: (error?: Error) => void }[] = [];
  let clock = 0;
  const send = () =>
    new Promise<unknown>((resolve, reject) => {
      sent.push({ at: (clock += 1), answer: (error) => (error ? reject(error) : resolve(undefined)) });
    });
  return { sent, send, now: () => clock };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the commit barrier shared by transactions answered while one is out', () => {
  it('sends at once when none is out, and each caller waits for a barrier sent after it asked', async () => {
    const { sent, send, now } = manualSends();
    const barrier = sharedBarrier(send);
    let firstDone = false;
    const first = barrier().then(() => (firstDone = true));
    expect(sent).toHaveLength(1);

    // Three transactions answered while the first barrier is out: none may ride on it.
    const askedAt = now();
    const later = [barrier(), barrier(), barrier()];
    expect(sent).toHaveLength(1);
    sent[0]?.answer();
    await first;
    expect(firstDone).toBe(true);
    await flush();
    // One barrier for the three, sent after they asked.
    expect(sent).toHaveLength(2);
    expect(sent[1]?.at).toBeGreaterThan(askedAt);
    let laterDone = false;
    const all = Promise.all(later).then(() => (laterDone = true));
    await flush();
    expect(laterDone).toBe(false);
    sent[1]?.answer();
    await all;
    expect(laterDone).toBe(true);

    // Nothing out again: the next caller sends its own at once.
    void barrier();
    expect(sent).toHaveLength(3);
  });

  it('a failed barrier fails its callers, and the next caller starts afresh', async () => {
    const { sent, send } = manualSends();
    const barrier = sharedBarrier(send);
    const first = barrier();
    const second = barrier();
    sent[0]?.answer(new Error('emulator gone'));
    await expect(first).rejects.toThrow('emulator gone');
    await flush();
    expect(sent).toHaveLength(2);
    sent[1]?.answer();
    await expect(second).resolves.toBeUndefined();
    await flush();
    const third = barrier();
    expect(sent).toHaveLength(3);
    sent[2]?.answer();
    await expect(third).resolves.toBeUndefined();
  });
});
