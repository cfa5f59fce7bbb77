/**
 * Business time (spec: company settings, weekly office hours and holidays, in the company's time zone): how many
 * seconds of an interval fall inside office hours. Analytics measures wait, first response and resolution both in
 * calendar and in business time with it.
 */
export interface OfficeCalendar {
  enabled: boolean;
  weekly: readonly { day: string; start: string; end: string }[];
  holidays: readonly { date: string; recurring: boolean }[];
  timeZone: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const DAY_MS = 86_400_000;
/** An interval longer than this is measured up to it: a ledger figure, not a calendar walk without end. */
const MAX_DAYS = 400;

/** Milliseconds the zone is ahead of UTC at an instant. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time (local midnight of `dayUtc` + HH:MM) in the zone. */
function wallClockInstant(dayUtc: number, time: string, timeZone: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const naive = dayUtc + (hours * 60 + minutes) * 60_000;
  const first = naive - zoneOffsetMs(naive, timeZone);
  // A second pass settles wall-clock times next to a daylight-saving change.
  return naive - zoneOffsetMs(first, timeZone);
}

/** The local calendar date (as a UTC midnight) of an instant in the zone. */
function localDay(instant: number, timeZone: string): number {
  const local = instant + zoneOffsetMs(instant, timeZone);
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

const isoDate = (dayUtc: number) => new Date(dayUtc).toISOString().slice(0, 10);

function isHoliday(calendar: OfficeCalendar, dayUtc: number): boolean {
  const date = isoDate(dayUtc);
  return calendar.holidays.some((holiday) =>
    holiday.recurring ? holiday.date.slice(5) === date.slice(5) : holiday.date === date,
  );
}

/** Seconds of [from, to] inside office hours; with office hours off, every second counts. */
export function businessSeconds(from: Date, to: Date, calendar: OfficeCalendar): number {
  const start = from.getTime();
  const end = Math.min(to.getTime(), start + MAX_DAYS * DAY_MS);
  if (!(end > start)) return 0;
  if (!calendar.enabled) return Math.round((end - start) / 1000);
  let total = 0;
  for (let day = localDay(start, calendar.timeZone) - DAY_MS; day <= end + DAY_MS; day += DAY_MS) {
    if (isHoliday(calendar, day)) continue;
    const weekday = WEEKDAYS[new Date(day).getUTCDay()];
    for (const slot of calendar.weekly) {
      if (slot.day !== weekday) continue;
      const open = wallClockInstant(day, slot.start, calendar.timeZone);
      const close = wallClockInstant(day, slot.end, calendar.timeZone);
      const overlap = Math.min(close, end) - Math.max(open, start);
      if (overlap > 0) total += overlap;
    }
  }
  return Math.round(total / 1000);
}
