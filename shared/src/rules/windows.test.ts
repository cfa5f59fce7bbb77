import { describe, expect, it } from 'vitest';
import { canCancelCampaign, isConversationWindowOpen } from './windows.ts';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const inMs = (ms: number) => new Date(NOW.getTime() + ms);

describe('conversation window (spec point 4: under 86400 seconds)', () => {
  it.each([
    { clause: 'last interaction a second ago: open', last: ago(1), open: true },
    { clause: 'last interaction 86399 s ago: open', last: ago(86_399), open: true },
    { clause: 'last interaction exactly 86400 s ago: closed', last: ago(86_400), open: false },
    { clause: 'last interaction two days ago: closed', last: ago(172_800), open: false },
    { clause: 'no interaction: closed', last: undefined, open: false },
    { clause: 'ISO string input', last: ago(60).toISOString(), open: true },
  ])('$clause', ({ last, open }) => {
    expect(isConversationWindowOpen(last, NOW)).toBe(open);
  });
});

describe('campaign cancel window (spec point 4: until 2 minutes before start)', () => {
  it.each([
    { clause: 'scheduled, start in 10 minutes: cancellable', status: 1, start: inMs(600_000), ok: true },
    {
      clause: 'scheduled, start in exactly 2 minutes: cancellable',
      status: 1,
      start: inMs(120_000),
      ok: true,
    },
    { clause: 'scheduled, start in 119 s: too late', status: 1, start: inMs(119_000), ok: false },
    { clause: 'scheduled, start passed: too late', status: 1, start: inMs(-1000), ok: false },
    { clause: 'running campaign: not cancellable', status: 2, start: inMs(600_000), ok: false },
    { clause: 'created (not scheduled): not cancellable', status: 0, start: inMs(600_000), ok: false },
  ])('$clause', ({ status, start, ok }) => {
    expect(canCancelCampaign({ status, start_at: start }, NOW)).toBe(ok);
  });
});
