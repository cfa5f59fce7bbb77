import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { rangePickerLocale } from './picker-locale.ts';
import type { DraftRange } from './range-rules.ts';
import { canApplyRange, RANGE_FORMATS, rangeStep } from './range-rules.ts';

export interface DateRangePickerProps {
  /** The range in force; the picker edits a draft of it until Apply. */
  value: DraftRange;
  onApply: (range: DraftRange) => void;
  onClear?: () => void;
  testId?: string;
}

const EMPTY: DraftRange = { start: null, end: null };

/**
 * Spec point 2 date-range picker: start then end is picked, Apply stays disabled until the start is not after the
 * end, dates are typed as L, YYYY-MM-DD or YYYY/MM/DD, and weeks start as the spec codes them.
 */
export function DateRangePicker({ value, onApply, onClear, testId = 'date-range' }: DateRangePickerProps) {
  const [draft, setDraft] = useState<DraftRange>(value);
  const labels = ptBR.adminScreens.dateRange;
  const step = rangeStep(draft);
  const pick = (dates: [Dayjs | null, Dayjs | null] | null) =>
    setDraft(dates ? { start: dates[0] ?? null, end: dates[1] ?? null } : EMPTY);
  return (
    <Space wrap data-testid={testId}>
      <DatePicker.RangePicker
        locale={rangePickerLocale}
        format={[...RANGE_FORMATS]}
        // Keep the order as picked: a start after the end must stay visible and block Apply, not be swapped.
        order={false}
        allowEmpty={[true, true]}
        value={[draft.start, draft.end]}
        onCalendarChange={pick}
        placeholder={[labels.start, labels.end]}
        status={draft.start && draft.end && !canApplyRange(draft) ? 'error' : undefined}
        data-testid={`${testId}-input`}
        aria-label={step === 'pick-end' ? labels.pickEnd : labels.pickStart}
      />
      <Button
        type="primary"
        disabled={!canApplyRange(draft)}
        onClick={() => onApply(draft)}
        data-testid={`${testId}-apply`}
      >
        {ptBR.forms.apply}
      </Button>
      <Button
        onClick={() => {
          setDraft(EMPTY);
          onClear?.();
        }}
        data-testid={`${testId}-clear`}
      >
        {labels.clear}
      </Button>
    </Space>
  );
}
