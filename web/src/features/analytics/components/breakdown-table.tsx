import type { BreakdownDimension, BreakdownRow } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';

import { useAtomValue } from 'jotai';
import { useBreakdown } from '../hooks/use-analytics.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { count, duration } from '../state/format.ts';
import { QueryState } from './query-state.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.analytics;

const columns = (dimensionLabel: string) => [
  { title: dimensionLabel, dataIndex: 'label', key: 'label' },
  {
    title: t.opened,
    key: 'opened',
    render: (_: unknown, row: BreakdownRow) => count(row.conversations.opened),
  },
  {
    title: t.closed,
    key: 'closed',
    render: (_: unknown, row: BreakdownRow) => count(row.conversations.closed),
  },
  {
    title: t.openNow,
    key: 'open',
    render: (_: unknown, row: BreakdownRow) => count(row.conversations.open_now),
  },
  { title: t.waitAvg, key: 'wait', render: (_: unknown, row: BreakdownRow) => duration(row.wait.avg_s) },
  {
    title: t.firstResponseAvg,
    key: 'first',
    render: (_: unknown, row: BreakdownRow) => duration(row.first_response.avg_s),
  },
  {
    title: t.resolutionAvg,
    key: 'resolution',
    render: (_: unknown, row: BreakdownRow) => duration(row.resolution.avg_s),
  },
  { title: t.received, key: 'in', render: (_: unknown, row: BreakdownRow) => count(row.messages.received) },
  { title: t.sent, key: 'out', render: (_: unknown, row: BreakdownRow) => count(row.messages.sent) },
  { title: t.csat, key: 'csat', render: (_: unknown, row: BreakdownRow) => count(row.csat.average) },
  {
    title: t.csatResponses,
    key: 'csat-n',
    render: (_: unknown, row: BreakdownRow) => count(row.csat.responses),
  },
];

/** A report of one dimension: every row of the breakdown (a dimension has tens of keys, not thousands). */
export function BreakdownTable({ by, dimensionLabel }: { by: BreakdownDimension; dimensionLabel: string }) {
  const query = useAtomValue(analyticsQueryAtom);
  const breakdown = useBreakdown(by, query);
  const rows = breakdown.data?.rows ?? [];
  return (
    <QueryState
      loading={breakdown.isLoading}
      error={breakdown.isError}
      empty={rows.length === 0}
      onRetry={() => void breakdown.refetch()}
    >
      <ResponsiveTable
        size="small"
        rowKey="key"
        dataSource={rows}
        columns={columns(dimensionLabel)}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid={`report-${by}`}
      />
    </QueryState>
  );
}
