import type { AuditLogView } from '@atende/shared/contracts/logs/list-logs';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker.tsx';
import type { DraftRange } from '../../../components/date-range-picker/range-rules.ts';
import { rangeToQuery } from '../../../components/date-range-picker/range-rules.ts';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { dayjs } from '../../../lib/dates/dates.ts';
import type { LogsFilter } from '../api/logs-api.ts';
import { fetchLogsPage, logKeys } from '../api/logs-api.ts';
import { describeAction, fieldChanges } from '../forms/log-entry.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.adminScreens.logs;
const common = ptBR.adminScreens.common;

const columns: ColumnsType<AuditLogView> = [
  { key: 'at', title: labels.when, render: (_, entry) => dayjs(entry.at).tz().format('L LTS'), width: 180 },
  { key: 'who', title: labels.who, render: (_, entry) => entry.actor.name },
  { key: 'action', title: labels.action, render: (_, entry) => describeAction(entry) },
];

const changesTable = (entry: AuditLogView) => (
  <Table
    size="small"
    rowKey="field"
    pagination={false}
    dataSource={fieldChanges(entry)}
    columns={[
      { key: 'field', dataIndex: 'field', title: labels.field },
      { key: 'before', dataIndex: 'before', title: labels.before },
      { key: 'after', dataIndex: 'after', title: labels.after },
    ]}
  />
);

/** app/logs: the audit trail, newest first, a cursor page at a time, filtered by a date range. */
export function LogsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const [range, setRange] = useState<DraftRange>({ start: null, end: null });
  const [filter, setFilter] = useState<LogsFilter>({});
  const [page, setPage] = useState(0);
  const query = useInfiniteQuery({
    queryKey: logKeys.list(filter),
    queryFn: ({ pageParam }) => fetchLogsPage(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages ?? [];
  const shown = pages[Math.min(page, Math.max(pages.length - 1, 0))]?.items ?? [];
  const hasNext = page + 1 < pages.length || query.hasNextPage;

  const apply = (next: DraftRange) => {
    setRange(next);
    setFilter(rangeToQuery(next) ?? {});
    setPage(0);
  };
  const goNext = async () => {
    if (page + 1 >= pages.length) await query.fetchNextPage();
    setPage((current) => current + 1);
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <DateRangePicker
          value={range}
          onApply={apply}
          onClear={() => apply({ start: null, end: null })}
          testId="logs-range"
        />
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={query.error instanceof ApiRequestError ? query.error.message : common.loadFailed}
            action={<Button onClick={() => void query.refetch()}>{common.retry}</Button>}
            data-testid="logs-error"
          />
        ) : (
          <ResponsiveTable
            rowKey="_id"
            columns={columns}
            dataSource={shown}
            loading={query.isLoading || query.isFetchingNextPage}
            pagination={false}
            expandable={{
              expandedRowRender: changesTable,
              rowExpandable: (entry) => fieldChanges(entry).length > 0,
            }}
            locale={{ emptyText: labels.empty }}
            data-testid="logs-table"
          />
        )}
        <Space>
          <Button
            disabled={page === 0}
            onClick={() => setPage((current) => current - 1)}
            data-testid="logs-previous"
          >
            {common.previous}
          </Button>
          <Button disabled={!hasNext} onClick={() => void goNext()} data-testid="logs-next">
            {common.next}
          </Button>
        </Space>
      </Flex>
    </>
  );
}
