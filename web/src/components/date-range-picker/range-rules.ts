import type { Dayjs } from 'dayjs';

/** Spec point 2, date-range picker: typed dates are read in these formats, the first one is how dates are shown. */
export const RANGE_FORMATS = ['L', 'YYYY-MM-DD', 'YYYY/MM/DD'] as const;

/** The spec codes the week start as 2. */
export const SPEC_WEEK_START_CODE = 2;

/**
 * The spec's week-start code counts weekdays from 1 = Sunday (so 2 = Monday), the numbering used by the legacy
 * pickers the spec was written from; dayjs and antd count from 0 = Sunday, hence the shift by one.
 */
export function dayjsWeekStart(code: number): number {
  if (!Number.isInteger(code) || code < 1 || code > 7)
    throw new RangeError(`week start code ${code} is not 1..7`);
  return code - 1;
}

export interface DraftRange {
  start: Dayjs | null;
  end: Dayjs | null;
}

export type RangeStep = 'pick-start' | 'pick-end' | 'complete';

/** Start is picked first, then end. */
export function rangeStep(draft: DraftRange): RangeStep {
  if (!draft.start) return 'pick-start';
  if (!draft.end) return 'pick-end';
  return 'complete';
}

/** Apply stays disabled until both dates are picked and the start is not after the end. */
export function canApplyRange(draft: DraftRange): boolean {
  return draft.start !== null && draft.end !== null && !draft.start.isAfter(draft.end, 'day');
}

/** The applied range as API dates (YYYY-MM-DD), whole days. */
export function rangeToQuery(draft: DraftRange): { from: string; to: string } | undefined {
  if (!canApplyRange(draft) || !draft.start || !draft.end) return undefined;
  return { from: draft.start.format('YYYY-MM-DD'), to: draft.end.format('YYYY-MM-DD') };
}
