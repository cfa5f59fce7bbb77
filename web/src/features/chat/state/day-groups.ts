import { ptBR } from '@atende/shared/i18n/pt-BR';

/** Rows of the message view: a day separator before the first message of each calendar day. */
export type DayRow<M> =
  { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; item: M };

const dayKeyFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

export function dayKey(date: Date, timeZone: string): string {
  return dayKeyFormat(timeZone).format(date);
}

const previousDayKey = (now: Date, timeZone: string): string => {
  const [y, m, d] = dayKey(now, timeZone).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
};

/** 'Hoje', 'Ontem', or the long pt-BR date ('21 de novembro de 2026'), in the company's time zone. */
export function dayLabel(date: Date, now: Date, timeZone: string): string {
  const key = dayKey(date, timeZone);
  if (key === dayKey(now, timeZone)) return ptBR.chat.today;
  if (key === previousDayKey(now, timeZone)) return ptBR.chat.yesterday;
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** Items must be oldest first; each gets a separator row when its day differs from the previous item's. */
export function groupByDay<M>(
  items: readonly M[],
  dateOf: (item: M) => string,
  keyOf: (item: M) => string,
  now: Date,
  timeZone: string,
): DayRow<M>[] {
  const rows: DayRow<M>[] = [];
  let currentDay: string | undefined;
  for (const item of items) {
    const date = new Date(dateOf(item));
    const key = dayKey(date, timeZone);
    if (key !== currentDay) {
      rows.push({ kind: 'day', key: `day-${key}`, label: dayLabel(date, now, timeZone) });
      currentDay = key;
    }
    rows.push({ kind: 'message', key: keyOf(item), item });
  }
  return rows;
}
