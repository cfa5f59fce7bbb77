/** Percentile of a list of samples (nearest-rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function formatRow(name: string, figures: Record<string, string | number>): string {
  const parts = Object.entries(figures).map(([key, value]) =>
    typeof value === 'number'
      ? `${key}=${Number.isInteger(value) ? value : value.toFixed(1)}`
      : `${key}=${value}`,
  );
  return `${name.padEnd(34)} ${parts.join('  ')}`;
}
