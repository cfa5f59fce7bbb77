import type { SavedReportView } from '@atende/shared/contracts/analytics/saved-reports';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Card, Popconfirm, Space } from 'antd';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { dayjs } from '../../../lib/dates/dates.ts';
import { useBreakdown } from '../hooks/use-analytics.ts';
import { useDeleteReport } from '../hooks/use-saved-reports.ts';
import { builderOption, isDuration, measureOf, reportQuery } from '../state/builder-options.ts';
import { count, duration } from '../state/format.ts';
import { Chart } from './chart.tsx';
import { QueryState } from './query-state.tsx';

const b = ptBR.analytics.builder;

/** One saved report drawn from the breakdown it names, with its edit and delete actions. */
export function SavedReportCard({
  report,
  onEdit,
}: {
  report: SavedReportView;
  onEdit: (report: SavedReportView) => void;
}) {
  const breakdown = useBreakdown(report.dimension, reportQuery(report, dayjs().tz()));
  const remove = useDeleteReport();
  const rows = breakdown.data?.rows ?? [];
  const format = (value: number | null) => (isDuration(report.measure) ? duration(value) : count(value));
  return (
    <Card
      size="small"
      title={report.name}
      data-testid="saved-report"
      extra={
        <Space size={4}>
          <Button size="small" type="link" onClick={() => onEdit(report)}>
            {b.edit}
          </Button>
          <Popconfirm title={b.confirmRemove} onConfirm={() => remove.mutate(report._id)}>
            <Button size="small" type="link" danger loading={remove.isPending}>
              {b.remove}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <div style={{ marginBottom: 8 }}>
        {b.measures[report.measure]} · {b.dimensions[report.dimension]} · {b.periods[report.period]}
      </div>
      <QueryState
        loading={breakdown.isLoading}
        error={breakdown.isError}
        empty={rows.length === 0}
        onRetry={() => void breakdown.refetch()}
      >
        {report.chart === 'table' ? (
          <ResponsiveTable
            size="small"
            rowKey="key"
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: b.dimensions[report.dimension], dataIndex: 'label', key: 'label' },
              {
                title: b.measures[report.measure],
                key: 'value',
                render: (_: unknown, row) => format(measureOf(row, report.measure)),
              },
            ]}
          />
        ) : (
          <Chart option={builderOption(rows, report)} height={240} />
        )}
      </QueryState>
    </Card>
  );
}
