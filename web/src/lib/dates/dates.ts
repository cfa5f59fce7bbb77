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

export { dayjs };
