import { ReloadOutlined } from '@ant-design/icons';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@atende/shared/contracts/webhook-endpoints/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Drawer, Flex, Tag } from 'antd';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';
import { useDeliveries, useWebhookMutations } from '../hooks/use-webhooks.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.developers.webhooks;
const toastSeconds = LIMITS.toastDurationMs / 1000;
const STATUS_COLORS = {
  pending: 'processing',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'error',
} as const;
const when = (value: string | null) => (value ? formatCompanyTime(value, 'dateTimeSeconds') : '—');

/** The deliveries log of one endpoint, newest first, a page at a time, each with a replay. */
export function DeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const deliveries = useDeliveries(endpoint?._id);
  const { replay } = useWebhookMutations();
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  const doReplay = async (delivery: WebhookDeliveryView) => {
    if (!endpoint) return;
    try {
      await replay.mutateAsync({ id: endpoint._id, deliveryId: delivery._id });
      void message.success(labels.replayed, toastSeconds);
    } catch (error) {
      void message.error(
        error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed,
        toastSeconds,
      );
    }
  };

  return (
    <Drawer
      open={endpoint !== undefined}
      onClose={onClose}
      size="large"
      title={`${labels.deliveries}: ${endpoint?.url ?? ''}`}
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void deliveries.refetch()}
          data-testid="webhook-deliveries-refresh"
        >
          {labels.retry}
        </Button>
      }
    >
      {deliveries.isError ? (
        <Alert
          type="error"
          showIcon
          title={labels.deliveriesError}
          action={<Button onClick={() => void deliveries.refetch()}>{labels.retry}</Button>}
        />
      ) : (
        <>
          <ResponsiveTable<WebhookDeliveryView>
            rowKey="_id"
            size="small"
            loading={deliveries.isLoading}
            dataSource={items}
            pagination={false}
            locale={{ emptyText: labels.deliveriesEmpty }}
            onRow={(delivery) =>
              ({ 'data-testid': 'webhook-delivery-row', 'data-status': delivery.status }) as object
            }
            columns={[
              { title: labels.event, dataIndex: 'event', render: (event: string) => <code>{event}</code> },
              {
                title: labels.status,
                key: 'status',
                render: (_, delivery) => (
                  <Tag color={STATUS_COLORS[delivery.status]} data-testid="webhook-delivery-status">
                    {labels.deliveryStatus[delivery.status]}
                  </Tag>
                ),
              },
              { title: labels.attempt, dataIndex: 'attempt' },
              {
                title: labels.statusCode,
                key: 'code',
                render: (_, delivery) => delivery.status_code ?? delivery.error ?? '—',
              },
              {
                title: labels.duration,
                dataIndex: 'duration_ms',
                render: (ms: number | null) => (ms === null ? '—' : `${ms} ms`),
              },
              { title: labels.createdAt, dataIndex: 'created_at', render: when },
              { title: labels.nextRetry, dataIndex: 'next_retry_at', render: when },
              {
                key: 'replay',
                render: (_, delivery) => (
                  <Button
                    size="small"
                    onClick={() => void doReplay(delivery)}
                    data-testid="webhook-delivery-replay"
                  >
                    {labels.replay}
                  </Button>
                ),
              },
            ]}
          />
          {deliveries.hasNextPage && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Button loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
                {labels.loadMore}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Drawer>
  );
}
