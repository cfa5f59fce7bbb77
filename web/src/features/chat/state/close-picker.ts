import type { TabulationView } from '@atende/shared/contracts/tabulations/views';

/**
 * What the close dialog asks: nothing while the categories load or when the company has none (closing needs no
 * picker then), else a choice that is required when the company works with categories.
 */
export type ClosePicker =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'choose'; options: { value: string; label: string }[]; required: boolean };

export function closePicker(
  data: { tabulations: readonly TabulationView[]; tabulation_mode: boolean } | undefined,
  pending: boolean,
): ClosePicker {
  if (pending) return { kind: 'loading' };
  if (!data || data.tabulations.length === 0) return { kind: 'none' };
  return {
    kind: 'choose',
    options: data.tabulations.map((item) => ({ value: item._id, label: item.label })),
    required: data.tabulation_mode,
  };
}

/** Whether "Encerrar" may go ahead with this choice. */
export const closeAllowed = (picker: ClosePicker, tabulation: string | undefined): boolean =>
  picker.kind === 'none' || (picker.kind === 'choose' && (!picker.required || tabulation !== undefined));
