/**
 * The shared hub's formats (spec point 1): currency BRL and timezone Brasília −03:00. Brasília has no daylight
 * saving since 2019, so a fixed offset is exact; Intl keeps the pt-BR separators.
 */
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export const formatBRL = (amount: number): string => BRL.format(amount);

/** Another currency in the same pt-BR style (Gupshup credits are dollars: "US$ 41,94"). */
export const formatMoney = (amount: number, currency: string): string =>
  currency === 'BRL'
    ? formatBRL(amount)
    : new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(amount);

const BRASILIA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "dd/mm/aaaa hh:mm" in Brasília time, whatever the browser's zone. */
export const formatBrasilia = (value: string | Date): string =>
  BRASILIA.format(new Date(value)).replace(',', '');
