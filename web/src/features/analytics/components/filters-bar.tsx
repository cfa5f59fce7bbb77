import { CHANNEL_TYPES } from '@atende/shared/channels/inbound';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Switch } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker.tsx';
import { useMountedEmployee } from '../../../lib/session/use-session.ts';
import { analyticsKeys, filterOptionsApi } from '../api/analytics-api.ts';
import { analyticsFiltersAtom, patchAnalyticsFiltersAtom } from '../state/filters.ts';

const t = ptBR.analytics;

/** The spec's date-range picker, channel, department and (for admins) employee, and the business-hours toggle. */
export function FiltersBar() {
  const filters = useAtomValue(analyticsFiltersAtom);
  const patch = useSetAtom(patchAnalyticsFiltersAtom);
  const isAdmin = useMountedEmployee().data?.role === 'admin';
  const departments = useQuery({
    queryKey: analyticsKeys.departments,
    queryFn: filterOptionsApi.departments,
  });
  const employees = useQuery({
    queryKey: analyticsKeys.employees,
    queryFn: filterOptionsApi.employees,
    enabled: isAdmin,
  });
  return (
    <Flex gap={8} wrap align="center" aria-label={t.filters} data-testid="analytics-filters">
      <DateRangePicker
        value={{ start: filters.start, end: filters.end }}
        onApply={(range) => range.start && range.end && patch({ start: range.start, end: range.end })}
        testId="analytics-range"
      />
      <Select
        allowClear
        placeholder={t.channel}
        aria-label={t.channel}
        style={{ width: 170 }}
        value={filters.channel}
        onChange={(channel?: string) => patch({ channel })}
        options={CHANNEL_TYPES.map((type) => ({ value: type, label: t.channels[type] ?? type }))}
      />
      <Select
        allowClear
        placeholder={t.department}
        aria-label={t.department}
        style={{ width: 190 }}
        value={filters.department}
        onChange={(department?: string) => patch({ department })}
        options={departments.data ?? []}
        loading={departments.isLoading}
      />
      {isAdmin && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t.employee}
          aria-label={t.employee}
          style={{ width: 190 }}
          value={filters.employee}
          onChange={(employee?: string) => patch({ employee })}
          options={employees.data ?? []}
          loading={employees.isLoading}
        />
      )}
      <Flex gap={6} align="center">
        <Switch
          checked={filters.businessHours}
          onChange={(businessHours) => patch({ businessHours })}
          aria-label={t.businessHours}
          data-testid="analytics-business-hours"
        />
        <span>{t.businessHours}</span>
      </Flex>
    </Flex>
  );
}
