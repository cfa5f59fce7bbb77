import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The wall clock of a time zone: date (YYYY-MM-DD), weekday and HH:MM. */
export function localClock(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday =
    WEEKDAYS[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '')] ?? 'sunday';
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    time: `${parts.hour}:${parts.minute}`,
  };
}

export const timezoneOf = (company: Record<string, unknown>): string => {
  const settings = company.settings as { timezone?: unknown } | undefined;
  return typeof settings?.timezone === 'string' ? settings.timezone : DEFAULT_TIMEZONE;
};

/**
 * Whether the company is open now (company settings: office hours and holidays, in the company's time zone).
 * With office hours off the company is always open; a holiday (recurring ones match day and month) closes it.
 */
export function isWithinOfficeHours(settings: CompanySettingsDocument, now: Date, timeZone: string): boolean {
  if (!settings.officeHours.enabled) return true;
  const clock = localClock(now, timeZone);
  const holiday = settings.holidays.some((entry) =>
    entry.recurring ? entry.date.slice(5) === clock.date.slice(5) : entry.date === clock.date,
  );
  if (holiday) return false;
  return settings.officeHours.weekly.some(
    (slot) => slot.day === clock.weekday && slot.start <= clock.time && clock.time < slot.end,
  );
}

/** What happens to a new conversation that arrives outside office hours (settings.queue.outsideOfficeHours). */
export type ArrivalDecision = { kind: 'queue' } | { kind: 'reject'; reply: string };

export function arrivalDecision(
  settings: CompanySettingsDocument,
  now: Date,
  timeZone: string,
): ArrivalDecision {
  if (isWithinOfficeHours(settings, now, timeZone) || settings.queue.outsideOfficeHours === 'keep') {
    return { kind: 'queue' };
  }
  return { kind: 'reject', reply: settings.queue.rejectMessage };
}

/** Settings.intervals: minutes an operator rests after closing a service before taking the next one. */
export function intervalRemainingMs(
  settings: CompanySettingsDocument,
  lastClosedAt: string | undefined,
  now: Date,
): number {
  if (!settings.intervals.enabled || settings.intervals.minutes <= 0 || !lastClosedAt) return 0;
  const until = new Date(lastClosedAt).getTime() + settings.intervals.minutes * 60_000;
  return Math.max(0, until - now.getTime());
}

/** The protocol's day part: YYYYMMDD in the company's time zone. */
export const protocolDay = (now: Date, timeZone: string): string =>
  localClock(now, timeZone).date.replaceAll('-', '');
