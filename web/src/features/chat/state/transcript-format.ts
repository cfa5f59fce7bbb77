/** Spec point 2: transcript dates in pt-BR with seconds, e.g. 21/11/2026 14:05:09, in the company's time zone. */
export const transcriptDate = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');
