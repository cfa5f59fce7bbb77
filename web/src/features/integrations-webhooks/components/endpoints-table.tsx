import { DeleteOutlined, EditOutlined, HistoryOutlined, KeyOutlined, SendOutlined } from '@ant-design/icons';
import type { WebhookEndpointView } from '@atende/shared/contracts/webhook-endpoints/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.developers.webhooks;

export interface EndpointActions {
  enable: (endpoint: WebhookEndpointView) => void;
  test: (endpoint: WebhookEndpointView) => void;
  log: (endpoint: WebhookEndpointView) => void;
  rotate: (endpoint: WebhookEndpointView) => void;
  edit: (endpoint: WebhookEndpointView) => void;
  remove: (endpoint: WebhookEndpointView) => void;
}

function IconAction(props: {
  tip: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  danger?: boolean;
}) {
  return (
    <Tooltip title={props.tip}>
      <Button
        type="text"
        danger={props.danger}
        icon={props.icon}
        aria-label={props.tip}
        onClick={props.onClick}
        data-testid={props.testId}
      />
    </Tooltip>
  );
}

/** The company's endpoints: URL and description, events, status, and what can be done with each. */
export function EndpointsTable({
  endpoints,
  loading,
  actions,
}: {
  endpoints: readonly WebhookEndpointView[];
  loading: boolean;
  actions: EndpointActions;
}) {
  return (
    <ResponsiveTable<WebhookEndpointView>
      rowKey="_id"
      loading={loading}
      dataSource={[...endpoints]}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: labels.empty }}
      onRow={(endpoint) => ({ 'data-testid': 'webhook-row', 'data-webhook-id': endpoint._id }) as object}
      columns={[
        {
          title: labels.url,
          key: 'url',
          render: (_, endpoint) => (
            <Flex vertical>
              <Typography.Text code>{endpoint.url}</Typography.Text>
              {endpoint.description && (
                <Typography.Text type="secondary">{endpoint.description}</Typography.Text>
              )}
            </Flex>
          ),
        },
        { title: labels.events, key: 'events', render: (_, endpoint) => endpoint.events.join(', ') },
        {
          title: labels.status,
          key: 'status',
          render: (_, endpoint) =>
            endpoint.status === 'active' ? (
              <Tag color="success">{labels.statusActive}</Tag>
            ) : (
              <Tag color="error">{labels.statusDisabled}</Tag>
            ),
        },
        {
          key: 'actions',
          render: (_, endpoint) => (
            <Flex gap={4}>
              {endpoint.status === 'disabled' && (
                <Button size="small" onClick={() => actions.enable(endpoint)} data-testid="webhook-enable">
                  {labels.enable}
                </Button>
              )}
              <IconAction
                tip={labels.test}
                icon={<SendOutlined />}
                onClick={() => actions.test(endpoint)}
                testId="webhook-test"
              />
              <IconAction
                tip={labels.deliveries}
                icon={<HistoryOutlined />}
                onClick={() => actions.log(endpoint)}
                testId="webhook-deliveries"
              />
              <IconAction
                tip={labels.rotate}
                icon={<KeyOutlined />}
                onClick={() => actions.rotate(endpoint)}
                testId="webhook-rotate"
              />
              <IconAction
                tip={labels.editTitle}
                icon={<EditOutlined />}
                onClick={() => actions.edit(endpoint)}
                testId="webhook-edit"
              />
              <IconAction
                tip={labels.delete}
                icon={<DeleteOutlined />}
                onClick={() => actions.remove(endpoint)}
                testId="webhook-delete"
                danger
              />
            </Flex>
          ),
        },
      ]}
    />
  );
}
