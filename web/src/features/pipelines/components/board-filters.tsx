import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, DatePicker, Flex, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import type { BoardFilters as Filters } from '../api/pipelines-api.ts';
import { useTags } from '../hooks/use-funnel.ts';

const t = ptBR.pipelines.screens;

/** Owner, contact tag, value range and creation days: each change refetches the board. */
export function BoardFilters({
  filters,
  onChange,
  employees,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  employees: readonly { _id: string; name: string }[];
}) {
  const tags = useTags().data ?? [];
  const set = (patch: Filters) => {
    const next = { ...filters, ...patch };
    onChange(
      Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined && value !== '')),
    );
  };
  return (
    <Flex gap={8} wrap align="center" aria-label={t.filters}>
      {employees.length > 0 && (
        <Select
          allowClear
          placeholder={t.filterOwner}
          style={{ width: 180 }}
          value={filters.owner}
          onChange={(owner?: string) => set({ owner })}
          options={employees.map((employee) => ({ value: employee._id, label: employee.name }))}
        />
      )}
      <Select
        allowClear
        placeholder={t.filterTag}
        style={{ width: 160 }}
        value={filters.tag}
        onChange={(tag?: string) => set({ tag })}
        options={tags.map((tag) => ({ value: tag._id, label: tag.name }))}
      />
      <InputNumber
        min={0}
        placeholder={t.filterMinValue}
        value={filters.min_value ? Number(filters.min_value) : null}
        onChange={(value) => set({ min_value: value === null ? undefined : String(value) })}
      />
      <InputNumber
        min={0}
        placeholder={t.filterMaxValue}
        value={filters.max_value ? Number(filters.max_value) : null}
        onChange={(value) => set({ max_value: value === null ? undefined : String(value) })}
      />
      <DatePicker.RangePicker
        format="DD/MM/YYYY"
        placeholder={[t.filterDates, t.filterDates]}
        value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
        onChange={(range) =>
          set({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
        }
      />
      <Button onClick={() => onChange({})}>{t.clearFilters}</Button>
    </Flex>
  );
}
