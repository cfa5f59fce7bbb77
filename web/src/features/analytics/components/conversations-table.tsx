import type { ConversationRow } from '@atende/shared/contracts/analytics/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Flex } from 'antd';
import { useAtomValue } from 'jotai';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';
import { useConversationRows } from '../hooks/use-analytics.ts';
import { analyticsQueryAtom } from '../state/filters.ts';
import { count, duration } from '../state/format.ts';
import { QueryState } from './query-state.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.analytics;
const when = (value: string | null) => (value ? formatCompanyTime(value) : '—');

const columns = [
  { title: t.columns.protocol, dataIndex: 'protocol', key: 'protocol' },
  { title: t.columns.customer, dataIndex: 'customer', key: 'customer' },
  {
    title: t.channel,
    key: 'channel',
    render: (_: unknown, row: ConversationRow) => t.channels[row.channel] ?? row.channel,
  },
  { title: t.department, dataIndex: 'department_label', key: 'department' },
  { title: t.employee, dataIndex: 'employee_name', key: 'employee' },
  {
    title: t.columns.openedAt,
    key: 'opened',
    render: (_: unknown, row: ConversationRow) => when(row.opened_at),
  },
  {
    title: t.columns.closedAt,
    key: 'closed',
    render: (_: unknown, row: ConversationRow) => when(row.closed_at),
  },
  { title: t.wait, key: 'wait', render: (_: unknown, row: ConversationRow) => duration(row.wait_s) },
  {
    title: t.firstResponse,
    key: 'first',
    render: (_: unknown, row: ConversationRow) => duration(row.first_response_s),
  },
  {
    title: t.resolution,
    key: 'resolution',
    render: (_: unknown, row: ConversationRow) => duration(row.resolution_s),
  },
  {
    title: t.columns.transfers,
    key: 'transfers',
    render: (_: unknown, row: ConversationRow) => count(row.transfers),
  },
  {
    title: t.columns.messagesIn,
    key: 'in',
    render: (_: unknown, row: ConversationRow) => count(row.messages_in),
  },
  {
    title: t.columns.messagesOut,
    key: 'out',
    render: (_: unknown, row: ConversationRow) => count(row.messages_out),
  },
  { title: t.csat, key: 'csat', render: (_: unknown, row: ConversationRow) => count(row.csat) },
];

/** One row per conversation opened in the range, loaded 50 at a time. */
export function ConversationsTable() {
  const query = useAtomValue(analyticsQueryAtom);
  const pages = useConversationRows(query);
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <QueryState
      loading={pages.isLoading}
      error={pages.isError}
      empty={rows.length === 0}
      onRetry={() => void pages.refetch()}
    >
      <Flex vertical gap={8}>
        <ResponsiveTable
          size="small"
          rowKey="conversation"
          dataSource={rows}
          columns={columns}
          pagination={false}
          // A virtual table needs a numeric width: its thirteen columns get room and scroll inside the box.
          scroll={{ x: 1400, y: 520 }}
          virtual
          data-testid="report-conversations"
        />
        {pages.hasNextPage && (
          <Button loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t.loadMore}
          </Button>
        )}
      </Flex>
    </QueryState>
  );
}
