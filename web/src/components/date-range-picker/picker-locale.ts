import pickerPtBR from 'antd/es/date-picker/locale/pt_BR';
import dayjs from 'dayjs';
import ptBrDayjs from 'dayjs/locale/pt-br';
import { dayjsWeekStart, SPEC_WEEK_START_CODE } from './range-rules.ts';

/**
 * A pt-BR dayjs locale of its own so the spec's week start applies to this picker only; changing pt-br itself would
 * move startOf('week') everywhere else. antd's picker reads the week start from the dayjs locale it is given.
 */
export const RANGE_LOCALE_NAME = 'pt-br-range';

dayjs.locale(
  { ...ptBrDayjs, name: RANGE_LOCALE_NAME, weekStart: dayjsWeekStart(SPEC_WEEK_START_CODE) },
  undefined,
  true,
);

export const rangePickerLocale = {
  ...pickerPtBR,
  lang: { ...pickerPtBR.lang, locale: RANGE_LOCALE_NAME },
};
