import { describe, expect, it } from 'vitest';
import { isObjectId, newObjectId } from './object-id.ts';

describe('newObjectId', () => {
  it('mints 24-hex ids whose first 4 bytes are the creation second', () => {
    const before = Math.floor(Date.now() / 1000);
    const id = newObjectId();
    const after = Math.floor(Date.now() / 1000);
    expect(isObjectId(id)).toBe(true);
    const seconds = Number.parseInt(id.slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(after);
  });

  it('never repeats and keeps the order of creation within one process and second', () => {
    const ids = Array.from({ length: 5000 }, () => newObjectId());
    expect(new Set(ids).size).toBe(ids.length);
    const sameSecond = ids.filter((id) => id.slice(0, 8) === (ids[0] as string).slice(0, 8));
    // The 3-byte counter may wrap once from its random start; outside that the order holds.
    const inversions = sameSecond.filter((id, index) => index > 0 && id < (sameSecond[index - 1] as string));
    expect(inversions.length).toBeLessThanOrEqual(1);
    expect(new Set(ids.map((id) => id.slice(8, 18))).size).toBe(1);
  });
});
