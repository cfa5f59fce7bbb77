import type { DealView } from '@atende/shared/contracts/pipelines/deal-views';
import type { PipelineView } from '@atende/shared/contracts/pipelines/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  List,
  Space,
  Spin,
  Tag,
  Timeline,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useActivities, useDeal, useFunnelMutations } from '../hooks/use-funnel.ts';
import { formatBRL, formatDuration } from '../state/money.ts';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';

const t = ptBR.pipelines.screens;
const a = ptBR.pipelines.activities;

const STATUS_COLOR = { open: 'blue', won: 'green', lost: 'red' } as const;

/** A deal: its facts, won/lost/reopen, stage history with time in each stage, activities and its conversation. */
export function DealDrawer({
  dealId,
  pipeline,
  ownerName,
  onClose,
}: {
  dealId: string | undefined;
  pipeline: PipelineView | undefined;
  ownerName: (id: string | null) => string;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const deal = useDeal(dealId);
  const activities = useActivities({ deal: dealId ?? '' }, Boolean(dealId));
  const { updateDeal } = useFunnelMutations();
  const [reason, setReason] = useState('');
  const stageName = (id: string) => pipeline?.stages.find((stage) => stage._id === id)?.name ?? id;
  const status = async (body: { status: DealView['status']; lost_reason?: string }) => {
    if (!dealId) return;
    try {
      await updateDeal.mutateAsync({ id: dealId, body });
      void message.success(t.dealSaved);
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : t.loadError);
    }
  };
  const view = deal.data;
  return (
    <Drawer
      open={Boolean(dealId)}
      onClose={onClose}
      title={view?.title ?? ''}
      width={480}
      data-testid="deal-drawer"
    >
      {deal.isLoading && <Spin />}
      {deal.isError && <Alert type="error" message={t.loadError} />}
      {view && (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t.dealCustomer}>{view.customer.full_name}</Descriptions.Item>
            <Descriptions.Item label={t.dealValue}>{formatBRL(view.value)}</Descriptions.Item>
            <Descriptions.Item label={t.stage}>{stageName(view.stage)}</Descriptions.Item>
            <Descriptions.Item label={t.dealOwner}>{ownerName(view.owner)}</Descriptions.Item>
            <Descriptions.Item label={t.dealExpectedClose}>
              {view.expected_close ? dayjs(view.expected_close).format('DD/MM/YYYY') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t.dealStatus}>
              <Tag color={STATUS_COLOR[view.status]} data-testid="deal-status">
                {t[view.status]}
              </Tag>
              {view.lost_reason && `${t.lostReason}: ${view.lost_reason}`}
            </Descriptions.Item>
          </Descriptions>
          <Link to={`/app/chat/${view.customer._id}`} data-testid="deal-conversation">
            {t.openConversation}
          </Link>
          {view.status === 'open' ? (
            <Space wrap>
              <Button type="primary" onClick={() => void status({ status: 'won' })}>
                {t.markWon}
              </Button>
              <Input
                placeholder={t.lostReason}
                value={reason}
                maxLength={300}
                onChange={(event) => setReason(event.target.value)}
                style={{ width: 180 }}
              />
              <Button
                danger
                onClick={() => void status({ status: 'lost', ...(reason ? { lost_reason: reason } : {}) })}
              >
                {t.markLost}
              </Button>
            </Space>
          ) : (
            <Button onClick={() => void status({ status: 'open' })}>{t.reopen}</Button>
          )}
          <div>
            <strong>{t.history}</strong>
            <Timeline
              style={{ marginTop: 8 }}
              items={view.history.map((entry) => ({
                children: `${stageName(entry.stage)} — ${t.enteredAt} ${formatCompanyTime(entry.entered_at)} (${t.timeInStage}: ${formatDuration(entry.entered_at, entry.left_at)})`,
              }))}
            />
          </div>
          <div>
            <strong>{a.activities}</strong>
            <List
              size="small"
              loading={activities.isLoading}
              locale={{ emptyText: a.empty }}
              dataSource={activities.data ?? []}
              renderItem={(item) => (
                <List.Item>
                  {formatCompanyTime(item.due_at, 'dayTime')} · {a.types[item.type]} · {item.title}{' '}
                  {item.status === 'done' && <Tag color="green">{a.done}</Tag>}
                </List.Item>
              )}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
