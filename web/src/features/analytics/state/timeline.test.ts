import { describe, expect, it } from 'vitest';
import { timelineSegments } from './timeline.ts';

describe('agent timeline bar', () => {
  it('places each interval by its share of the day', () => {
    const start = Date.parse('2026-11-23T03:00:00Z');
    const end = Date.parse('2026-11-24T03:00:00Z');
    expect(
      timelineSegments(
        [
          { status: 'online', start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T15:00:00.000Z' },
          { status: 'away', start: '2026-11-23T15:00:00.000Z', end: '2026-11-23T15:36:00.000Z' },
        ],
        start,
        end,
      ),
    ).toEqual([
      { status: 'online', left: 25, width: 25 },
      { status: 'away', left: 50, width: 2.5 },
    ]);
  });
});
