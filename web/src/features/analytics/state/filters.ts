import { atom } from 'jotai';
import type { Dayjs } from 'dayjs';
import { companyNow, dayjs } from '../../../lib/dates/dates.ts';
import type { AnalyticsQuery } from '../api/analytics-api.ts';

export interface AnalyticsFilterState {
  start: Dayjs;
  end: Dayjs;
  channel?: string;
  department?: string;
  employee?: string;
  businessHours: boolean;
}

/**
 * The start of a picked calendar day in the company's time zone (dayjs's default zone, set by the shell), so
 * the dashboard's days are the server's breakdown days whatever the browser's zone.
 */
const companyDayStart = (day: Dayjs) => dayjs.tz(day.format('YYYY-MM-DD'));

/** Pure: the API query of a filter state: whole company days, `to` the start of the day after the end. */
export function toQuery(state: AnalyticsFilterState): AnalyticsQuery {
  return {
    from: companyDayStart(state.start).toISOString(),
    to: companyDayStart(state.end.add(1, 'day')).toISOString(),
    ...(state.channel ? { channel: state.channel } : {}),
    ...(state.department ? { department: state.department } : {}),
    ...(state.employee ? { employee: state.employee } : {}),
    business_hours: state.businessHours ? 'true' : 'false',
  };
}

const initial = (): AnalyticsFilterState => ({
  start: companyNow().subtract(6, 'day'),
  end: companyNow(),
  businessHours: false,
});

/** The filters the dashboard and the reports share while the app is open (last 7 days to begin with). */
const filtersBase = atom<AnalyticsFilterState>(initial());

export const analyticsFiltersAtom = atom((get) => get(filtersBase));
export const analyticsQueryAtom = atom((get) => toQuery(get(filtersBase)));
export const patchAnalyticsFiltersAtom = atom(null, (get, set, patch: Partial<AnalyticsFilterState>) =>
  set(filtersBase, { ...get(filtersBase), ...patch }),
);
