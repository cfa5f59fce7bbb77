import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, Button, Flex, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { useEmployees, useFunnelLive, usePipelines, useStageDeals } from '../hooks/use-funnel.ts';
import { formatBRL, formatDuration } from '../state/money.ts';
import { DealDrawer } from './deal-drawer.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const t = ptBR.pipelines.screens;

/** app/pipelines/stage/:pipeline_selected/:stage_selected?: one stage's deals in a paged table. */
export function StageTablePage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  useFunnelLive();
  const { pipeline_selected: pipelineId = '', stage_selected: selected } = useParams();
  const navigate = useNavigate();
  const pipeline = usePipelines().data?.find((item) => item._id === pipelineId);
  const stage = pipeline?.stages.find((item) => item._id === selected) ?? pipeline?.stages[0];
  const deals = useStageDeals(pipelineId, stage?._id ?? '');
  const names = new Map((useEmployees().data ?? []).map((employee) => [employee._id, employee.name]));
  const ownerName = (id: string | null) => (id ? (names.get(id) ?? '') : t.noOwner);
  const [openDeal, setOpenDeal] = useState<string>();
  const rows = deals.data?.pages.flatMap((page) => page.deals) ?? [];
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={12}>
        <Flex gap={12} align="center">
          <Link to={`/app/pipelines/main/${pipelineId}`}>{t.backToBoard}</Link>
          {pipeline && (
            <Select
              aria-label={t.stage}
              style={{ minWidth: 200 }}
              value={stage?._id}
              onChange={(id: string) => navigate(`/app/pipelines/stage/${pipelineId}/${id}`)}
              options={pipeline.stages.map((item) => ({ value: item._id, label: item.name }))}
            />
          )}
        </Flex>
        {deals.isError && (
          <Alert
            type="error"
            message={t.loadError}
            action={<Button onClick={() => void deals.refetch()}>{t.retry}</Button>}
          />
        )}
        <ResponsiveTable<DealView>
          rowKey="_id"
          loading={deals.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t.emptyStage }}
          onRow={(deal) => ({ onClick: () => setOpenDeal(deal._id), style: { cursor: 'pointer' } })}
          columns={[
            { title: t.dealTitle, dataIndex: 'title' },
            { title: t.dealCustomer, render: (_, deal) => deal.customer.full_name },
            { title: t.dealValue, render: (_, deal) => formatBRL(deal.value) },
            { title: t.dealOwner, render: (_, deal) => ownerName(deal.owner) },
            { title: t.dealStatus, render: (_, deal) => <Tag>{t[deal.status]}</Tag> },
            {
              title: t.timeInStage,
              render: (_, deal) => formatDuration(deal.history.at(-1)?.entered_at ?? deal.created_at, null),
            },
            {
              title: t.dealExpectedClose,
              render: (_, deal) =>
                deal.expected_close ? dayjs(deal.expected_close).format('DD/MM/YYYY') : '—',
            },
          ]}
        />
        {deals.hasNextPage && (
          <Button loading={deals.isFetchingNextPage} onClick={() => void deals.fetchNextPage()}>
            {t.loadMore}
          </Button>
        )}
      </Flex>
      <DealDrawer
        dealId={openDeal}
        pipeline={pipeline}
        ownerName={ownerName}
        onClose={() => setOpenDeal(undefined)}
      />
    </>
  );
}
