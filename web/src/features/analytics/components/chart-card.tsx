import type { BreakdownDimension, BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { Card } from 'antd';
import type { EChartsOption } from 'echarts';
import { useAtomValue } from 'jotai';
import { useBreakdown } from '../hooks/use-analytics.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { Chart } from './chart.tsx';
import { QueryState } from './query-state.tsx';

/** One breakdown drawn as a chart, with its loading, error and empty states. */
export function ChartCard({
  title,
  by,
  option,
  testId,
}: {
  title: string;
  by: BreakdownDimension;
  option: (rows: readonly BreakdownRow[]) => EChartsOption;
  testId: string;
}) {
  const query = useAtomValue(analyticsQueryAtom);
  const breakdown = useBreakdown(by, query);
  const rows = breakdown.data?.rows ?? [];
  return (
    <Card size="small" title={title}>
      <QueryState
        loading={breakdown.isLoading}
        error={breakdown.isError}
        empty={rows.length === 0}
        onRetry={() => void breakdown.refetch()}
      >
        <Chart option={option(rows)} testId={testId} />
      </QueryState>
    </Card>
  );
}
