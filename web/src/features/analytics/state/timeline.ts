import type { AgentTimelineView } from '@atende/shared/contracts/analytics/agent-timeline';

type Interval = AgentTimelineView['agents'][number]['intervals'][number];

/** Pure: where each interval sits on a day's bar, in percent of the day (gaps are time nothing is known of). */
export function timelineSegments(
  intervals: readonly Interval[],
  dayStart: number,
  dayEnd: number,
): { status: Interval['status']; left: number; width: number }[] {
  const span = dayEnd - dayStart;
  return intervals.map((interval) => {
    const start = Date.parse(interval.start);
    const end = Date.parse(interval.end);
    return {
      status: interval.status,
      left: ((start - dayStart) / span) * 100,
      width: ((end - start) / span) * 100,
    };
  });
}
