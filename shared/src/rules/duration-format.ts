import { formatNumber } from './number-format.ts';

/** A duration for people: 45s, 12min 05s, 3h 20min, 2d 4h; '—' where there is no figure. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}min ${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400)
    return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}min`;
  return `${formatNumber(Math.floor(s / 86_400))}d ${Math.floor((s % 86_400) / 3600)}h`;
}
