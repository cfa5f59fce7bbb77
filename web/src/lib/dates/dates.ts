import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);
dayjs.locale('pt-br');
dayjs.tz.setDefault(DEFAULT_TIMEZONE);

/** Dates shown to the user are in the company's timezone, America/Fortaleza unless the company sets one. */
export function setCompanyTimezone(zone: string | undefined): void {
  dayjs.tz.setDefault(zone || DEFAULT_TIMEZONE);
}

export const inCompanyZone = (value: dayjs.ConfigType): dayjs.Dayjs => dayjs(value).tz();

/**
 * Now in the company's time zone: its calendar day is the company's, not the browser's (from 21:00 in Fortaleza a
 * UTC browser is already on the next day). Pickers and "today" ranges start from it.
 */
export const companyNow = (): dayjs.Dayjs => dayjs().tz();

/** The pt-BR shapes an instant is shown in. */
const SHAPES = {
  date: 'DD/MM/YYYY',
  dateTime: 'DD/MM/YYYY HH:mm',
  dateTimeSeconds: 'DD/MM/YYYY HH:mm:ss',
  dayTime: 'DD/MM HH:mm',
  time: 'HH:mm',
  timeSeconds: 'HH:mm:ss',
} as const;
export type TimeShape = keyof typeof SHAPES;

/**
 * The one way an instant reaches the screen: in the company's time zone (America/Fortaleza, −03:00, unless the
 * company sets another), whatever the browser's, in a pt-BR shape. Calendar dates without a time (a deal's
 * expected close) are not instants and are shown as they are.
 */
export const formatCompanyTime = (value: dayjs.ConfigType, shape: TimeShape = 'dateTime'): string =>
  inCompanyZone(value).format(SHAPES[shape]);

export { dayjs };
