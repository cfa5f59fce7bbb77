import type { SavedReportView } from '@atende/shared/contracts/analytics/saved-reports';
import { analyticsScreensPtBR } from '@atende/shared/i18n/analytics-screens';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { dayjs } from '../../../lib/dates/dates.ts';
import { useMountedEmployee } from '../../../lib/session/use-session.ts';
import { useBreakdown } from '../hooks/use-analytics.ts';
import { useDeleteReport, useMoveReport } from '../hooks/use-saved-reports.ts';
import { canChangeReport } from '../state/report-access.ts';
import { builderOption, isDuration, measureOf, reportQuery } from '../state/builder-options.ts';
import { count, duration } from '../state/format.ts';
import { Chart } from './chart.tsx';
import { QueryState } from './query-state.tsx';

const b = ptBR.analytics.builder;
const sb = analyticsScreensPtBR.builder;

/** One saved report drawn from the breakdown it names, with its edit and delete actions for those allowed. */
export function SavedReportCard({
  report,
  onEdit,
  first,
  last,
}: {
  report: SavedReportView;
  onEdit: (report: SavedReportView) => void;
  /** Its place on the dashboard: the first cannot move up, the last cannot move down. */
  first: boolean;
  last: boolean;
}) {
  const breakdown = useBreakdown(report.dimension, reportQuery(report, dayjs().tz()));
  const remove = useDeleteReport();
  const move = useMoveReport();
  const { message } = App.useApp();
  const changeable = canChangeReport(report, useMountedEmployee().data);
  const refused = { onError: (error: Error) => void message.error(error.message) };
  const rows = breakdown.data?.rows ?? [];
  const format = (value: number | null) => (isDuration(report.measure) ? duration(value) : count(value));
  return (
    <Card
      size="small"
      title={
        <Space size={6}>
          {report.name}
          {report.visibility === 'private' && <Tag data-testid="saved-report-private">{sb.privateTag}</Tag>}
        </Space>
      }
      data-testid="saved-report"
      extra={
        changeable && (
          <Space size={4}>
            <Tooltip title={sb.moveUp}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={sb.moveUp}
                disabled={first || move.isPending}
                onClick={() => move.mutate({ id: report._id, direction: 'up' }, refused)}
                data-testid="saved-report-up"
              />
            </Tooltip>
            <Tooltip title={sb.moveDown}>
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={sb.moveDown}
                disabled={last || move.isPending}
                onClick={() => move.mutate({ id: report._id, direction: 'down' }, refused)}
                data-testid="saved-report-down"
              />
            </Tooltip>
            <Button size="small" type="link" onClick={() => onEdit(report)}>
              {b.edit}
            </Button>
            <Popconfirm title={b.confirmRemove} onConfirm={() => remove.mutate(report._id, refused)}>
              <Button size="small" type="link" danger loading={remove.isPending}>
                {b.remove}
              </Button>
            </Popconfirm>
          </Space>
        )
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
