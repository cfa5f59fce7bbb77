import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The instants bounding a from/to day range (YYYY-MM-DD, both inclusive) in a company's timezone: `fromIso`
 * is the start of the first day, `toIso` the start of the day after the last one (exclusive).
 */
export function dayRangeInstants(
  range: { from?: string; to?: string },
  timeZone: string,
): { fromIso?: string; toIso?: string } {
  const start = (day: string) => dayjs.tz(day, timeZone).startOf('day');
  return {
    ...(range.from ? { fromIso: start(range.from).toISOString() } : {}),
    ...(range.to ? { toIso: start(range.to).add(1, 'day').toISOString() } : {}),
  };
}
