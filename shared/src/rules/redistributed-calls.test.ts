import { describe, expect, it } from 'vitest';
import { trackRedistributedCall } from './redistributed-calls.ts';

const ME = 'me';
const OTHER = 'other';

describe('redistributed-call tracking (spec point 4)', () => {
  it.each([
    {
      clause: 'added when not present, ids match and not flagged',
      list: ['a'],
      target: ME,
      flagged: false,
      out: ['a', 'c'],
    },
    { clause: 'not added when flagged', list: ['a'], target: ME, flagged: true, out: ['a'] },
    { clause: 'not added when ids differ', list: ['a'], target: OTHER, flagged: false, out: ['a'] },
    { clause: 'removed when present and flagged', list: ['a', 'c'], target: ME, flagged: true, out: ['a'] },
    {
      clause: 'removed when present and ids differ',
      list: ['c', 'a'],
      target: OTHER,
      flagged: false,
      out: ['a'],
    },
    {
      clause: 'kept when present, ids match and not flagged',
      list: ['c'],
      target: ME,
      flagged: false,
      out: ['c'],
    },
  ])('$clause', ({ list, target, flagged, out }) => {
    const event = { callId: 'c', targetEmployeeId: target, currentEmployeeId: ME, flagged };
    expect(trackRedistributedCall(list, event)).toEqual(out);
  });

  it('returns the same list when nothing changes', () => {
    const list = ['a'];
    const event = { callId: 'c', targetEmployeeId: OTHER, currentEmployeeId: ME, flagged: false };
    expect(trackRedistributedCall(list, event)).toBe(list);
  });
});
