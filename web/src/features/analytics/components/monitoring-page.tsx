import type { MonitoringView } from '@atende/shared/contracts/analytics/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Card, Col, Flex, Progress, Row, Statistic, Tag } from 'antd';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';
import { useMonitoring, useMonitoringLive } from '../hooks/use-analytics.ts';
import { count, duration } from '../state/format.ts';
import { QueryState } from './query-state.tsx';
import { RecentWindows } from './recent-windows.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.analytics;
type EmployeeRow = MonitoringView['employees'][number];
type QueueRow = MonitoringView['queues'][number];

const employeeColumns = [
  { title: t.employee, dataIndex: 'name', key: 'name' },
  {
    title: t.monitoring.status,
    key: 'status',
    render: (_: unknown, row: EmployeeRow) => (
      <Tag color={row.status === 'online' ? 'green' : 'default'}>
        {row.status === 'online' ? t.monitoring.online : t.monitoring.offline}
      </Tag>
    ),
  },
  {
    title: t.monitoring.load,
    key: 'load',
    render: (_: unknown, row: EmployeeRow) =>
      row.max > 0 ? (
        <Progress
          percent={Math.round((row.open / row.max) * 100)}
          format={() => `${count(row.open)} / ${count(row.max)}`}
          status={row.open >= row.max ? 'exception' : 'normal'}
        />
      ) : (
        `${count(row.open)} (${t.monitoring.noLimit})`
      ),
  },
];

const queueColumns = [
  { title: t.department, dataIndex: 'label', key: 'label' },
  { title: t.monitoring.waiting, key: 'waiting', render: (_: unknown, row: QueueRow) => count(row.waiting) },
  {
    title: t.monitoring.longestWait,
    key: 'longest',
    render: (_: unknown, row: QueueRow) => duration(row.longest_wait_s),
  },
];

/** app/analytics/monitoring: the live wallboard; the ledger's and the sockets' frames refetch it. */
export function MonitoringPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useMonitoringLive();
  const board = useMonitoring();
  const data = board.data;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        phrase={
          data
            ? interpolate(t.monitoring.updatedAt, {
                time: formatCompanyTime(data.generated_at, 'timeSeconds'),
              })
            : undefined
        }
      />
      <QueryState
        loading={board.isLoading}
        error={board.isError}
        empty={false}
        onRetry={() => void board.refetch()}
      >
        {data && (
          <Flex vertical gap={12} style={{ marginTop: 16 }}>
            <Row gutter={[12, 12]} data-testid="monitoring-totals">
              {(
                [
                  ['waiting', t.monitoring.waiting, data.totals.waiting],
                  ['in-service', t.monitoring.inService, data.totals.in_service],
                  ['bot', t.monitoring.bot, data.totals.bot],
                ] as const
              ).map(([id, label, value]) => (
                <Col key={id} xs={8}>
                  <Card size="small">
                    <Statistic title={label} value={count(value)} data-testid={`monitoring-${id}`} />
                  </Card>
                </Col>
              ))}
            </Row>
            <RecentWindows recent={data.recent} />
            <Card size="small" title={t.monitoring.queues}>
              <ResponsiveTable
                size="small"
                rowKey="key"
                dataSource={data.queues}
                columns={queueColumns}
                pagination={false}
                data-testid="monitoring-queues"
              />
            </Card>
            <Card size="small" title={t.monitoring.employees}>
              <ResponsiveTable
                size="small"
                rowKey="_id"
                dataSource={data.employees}
                columns={employeeColumns}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                data-testid="monitoring-employees"
              />
            </Card>
          </Flex>
        )}
      </QueryState>
    </>
  );
}
