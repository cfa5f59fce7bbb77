import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { useBoardPage } from '../hooks/use-board-page.ts';
import { useFunnelMutations } from '../hooks/use-funnel.ts';
import { formatBRL } from '../state/money.ts';
import { Board } from './board.tsx';
import { BoardFilters } from './board-filters.tsx';
import { DealDrawer } from './deal-drawer.tsx';
import { DealForm } from './deal-form.tsx';
import { PipelineEditor } from './pipeline-editor.tsx';

const t = ptBR.pipelines.screens;

/** app/pipelines and app/pipelines/main/:pipeline_selected?: the pipeline switcher, filters and the board. */
export function PipelinesPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message } = App.useApp();
  const page = useBoardPage();
  const { updateDeal } = useFunnelMutations();
  const [editing, setEditing] = useState<'new' | 'edit'>();
  const [dealOpen, setDealOpen] = useState(false);
  const [openDeal, setOpenDeal] = useState<string>();
  const move = async (deal: DealView, stage: string) => {
    try {
      await updateDeal.mutateAsync({ id: deal._id, body: { stage } });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : t.loadError);
    }
  };
  const { current } = page;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={[
          { key: 'new-pipeline', label: t.newPipeline, onClick: () => setEditing('new') },
          {
            key: 'edit-pipeline',
            label: t.editPipeline,
            onClick: () => setEditing('edit'),
            hidden: !current,
          },
          {
            key: 'new-deal',
            label: t.newDeal,
            onClick: () => setDealOpen(true),
            hidden: !current,
            primary: true,
          },
        ]}
      />
      {page.pipelines.isLoading && <Skeleton active />}
      {page.pipelines.isError && (
        <Alert
          type="error"
          message={t.loadError}
          action={<Button onClick={() => void page.pipelines.refetch()}>{t.retry}</Button>}
        />
      )}
      {page.pipelines.data?.length === 0 && (
        <Empty description={t.noPipelines}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {t.newPipeline}
          </Button>
        </Empty>
      )}
      {current && (
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center">
            <Select
              aria-label={t.selectPipeline}
              style={{ minWidth: 220 }}
              value={current._id}
              onChange={page.select}
              options={(page.pipelines.data ?? []).map((pipeline) => ({
                value: pipeline._id,
                label: pipeline.name,
              }))}
              data-testid="pipeline-switcher"
            />
            {page.board.data && (
              <Typography.Text data-testid="board-totals">
                {t.total}: {formatBRL(page.board.data.totals.total)} · {t.weighted}:{' '}
                {formatBRL(page.board.data.totals.weighted)}
              </Typography.Text>
            )}
          </Flex>
          <BoardFilters filters={page.filters} onChange={page.setFilters} employees={page.employees} />
          <Typography.Text type="secondary">{t.dragHint}</Typography.Text>
          {page.board.isLoading && <Skeleton active />}
          {page.board.isError && (
            <Alert
              type="error"
              message={t.loadError}
              action={<Button onClick={() => void page.board.refetch()}>{t.retry}</Button>}
            />
          )}
          {page.board.data && (
            <Board
              board={page.board.data}
              ownerName={page.ownerName}
              onOpen={(deal) => setOpenDeal(deal._id)}
              onMove={(deal, stage) => void move(deal, stage)}
            />
          )}
          <DealForm pipeline={current} open={dealOpen} onClose={() => setDealOpen(false)} />
        </Flex>
      )}
      {editing && (
        <PipelineEditor
          open
          {...(editing === 'edit' && current ? { pipeline: current } : {})}
          onClose={() => setEditing(undefined)}
          onSaved={(id) => {
            setEditing(undefined);
            if (id) page.select(id);
          }}
        />
      )}
      <DealDrawer
        dealId={openDeal}
        pipeline={current}
        ownerName={page.ownerName}
        onClose={() => setOpenDeal(undefined)}
      />
    </>
  );
}
