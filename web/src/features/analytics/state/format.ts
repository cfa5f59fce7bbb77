import { formatDuration } from '@atende/shared/rules/duration-format';
import { formatNumber } from '@atende/shared/rules/number-format';

/** Spec point 9 thousands separator for counts; '—' where there is no figure. */
export const count = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : formatNumber(value);

export const duration = formatDuration;
