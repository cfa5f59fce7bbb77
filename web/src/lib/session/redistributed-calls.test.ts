import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { applyRedistributedCallAtom, redistributedCallsAtom } from './redistributed-calls.ts';

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

describe('redistributed-call list in shared state', () => {
  it('adds a call given to me, removes it when flagged or when it went to someone else', () => {
    const store = createStore();
    const apply = (callId: string, employee: string, flagged: boolean) =>
      store.set(applyRedistributedCallAtom, { callId, employee, flagged, currentEmployeeId: ME });
    apply('c1', ME, false);
    apply('c2', ME, false);
    apply('c1', ME, false);
    expect(store.get(redistributedCallsAtom)).toEqual(['c1', 'c2']);
    apply('c1', ME, true);
    apply('c2', OTHER, false);
    apply('c3', OTHER, false);
    expect(store.get(redistributedCallsAtom)).toEqual([]);
  });
});
