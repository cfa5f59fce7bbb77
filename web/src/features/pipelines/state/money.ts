/** Money as Brazilians read it (R$ 1.500,50): the hub's one BRL format. */
export { formatBRL } from '@atende/shared/rules/hub-format';

/** Whole days and hours between two instants ("3d 4h", "5h", "< 1h"). */
export function formatDuration(fromIso: string, toIso: string | null, now = Date.now()): string {
  const ms = Math.max(0, (toIso ? Date.parse(toIso) : now) - Date.parse(fromIso));
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return '< 1h';
  const days = Math.floor(hours / 24);
  return days > 0 ? `${days}d ${hours % 24}h` : `${hours}h`;
}
