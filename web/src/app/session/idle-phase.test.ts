import { describe, expect, it } from 'vitest';
import { idlePhase } from './idle-phase.ts';

const policy = { idleTimeoutMs: 30 * 60_000, warningSeconds: 60 };

describe('inactivity timer', () => {
  it('stays active until the warning window', () => {
    expect(idlePhase(0, 29 * 60_000 - 1, policy)).toEqual({ phase: 'active' });
  });

  it('counts the warning seconds down to the end of the session', () => {
    expect(idlePhase(0, 29 * 60_000, policy)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(idlePhase(0, 29 * 60_000 + 500, policy)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(idlePhase(0, 30 * 60_000 - 1000, policy)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(idlePhase(0, 30 * 60_000, policy)).toEqual({ phase: 'expired' });
  });

  it('restarts from the last activity', () => {
    expect(idlePhase(29 * 60_000, 30 * 60_000, policy)).toEqual({ phase: 'active' });
  });
});
