import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Badge, Button, Flex, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { dayjs } from '../../../lib/dates/dates.ts';
import { useMountedEmployee } from '../../../lib/session/use-session.ts';
import { useChannelMutations, useChannels } from '../hooks/use-channels.ts';
import { ChannelFormModal } from './channel-form-modal.tsx';
import { ChannelCreatedModal, WebhookUrl, WidgetSnippet } from './channel-setup.tsx';
import { ChannelTypeLabel } from './channel-type.tsx';

const labels = ptBR.channelsScreens;
const common = ptBR.adminScreens.common;
const toastSeconds = LIMITS.toastDurationMs / 1000;

type FormState = { open: false } | { open: true; editing: IntegrationView | undefined };

const rowProps = (view: IntegrationView) =>
  ({ 'data-testid': 'channel-row', 'data-integration-id': view._id }) as HTMLAttributes<HTMLElement>;

/** app/integrations/channels: the company's channels, their connection and webhook, and their forms. */
export function ChannelsPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message, modal } = App.useApp();
  const companyId = useMountedEmployee().data?.company._id ?? '';
  const channels = useChannels();
  const mutations = useChannelMutations(companyId);
  const [form, setForm] = useState<FormState>({ open: false });
  const [created, setCreated] = useState<IntegrationView>();
  const items = channels.data ?? [];

  const confirmRemove = (view: IntegrationView) =>
    modal.confirm({
      title: interpolate(labels.removeTitle, { label: view.label }),
      content: labels.removeContent,
      okText: labels.remove,
      cancelText: ptBR.forms.cancel,
      okButtonProps: { danger: true, 'data-testid': 'channel-remove-confirm' },
      onOk: async () => {
        try {
          const answer = await mutations.remove.mutateAsync(view);
          void message.success(answer ?? labels.removed, toastSeconds);
        } catch (error) {
          // The spec's WhatsApp removal failure text; other channels show the server's own message.
          const text =
            view.type !== 'official' && error instanceof ApiRequestError
              ? error.message
              : ptBR.errors.processFailed;
          void message.error(text, toastSeconds);
        }
      },
    });

  const columns: ColumnsType<IntegrationView> = [
    { key: 'type', title: labels.columns.type, render: (_, view) => <ChannelTypeLabel view={view} /> },
    { key: 'label', title: labels.columns.label, dataIndex: 'label' },
    {
      key: 'connection',
      title: labels.columns.connection,
      render: (_, view) => (
        <Badge
          status={view.connection ? 'success' : 'error'}
          text={view.connection ? labels.connected : labels.disconnected}
          data-testid="channel-connection"
          data-connected={String(view.connection)}
        />
      ),
    },
    {
      key: 'webhook',
      title: labels.columns.webhook,
      render: (_, view) => (view.type === 'widget' ? null : <WebhookUrl url={view.webhookUrl} />),
    },
    {
      key: 'created',
      title: labels.columns.createdAt,
      render: (_, view) => dayjs(view.created_at).tz().format('L LT'),
      width: 160,
    },
    {
      key: 'actions',
      title: labels.columns.actions,
      width: 110,
      render: (_, view) => (
        <Space>
          <Tooltip title={labels.edit}>
            <Button
              icon={<EditOutlined />}
              aria-label={labels.edit}
              onClick={() => setForm({ open: true, editing: view })}
              data-testid="channel-edit"
            />
          </Tooltip>
          <Tooltip title={labels.remove}>
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={labels.remove}
              onClick={() => confirmRemove(view)}
              data-testid="channel-remove"
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="channels-page">
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        usesOfficialWhatsapp={items.some((view) => view.type === 'official')}
        actions={[
          {
            key: 'add',
            label: labels.add,
            // PageHeaderAction takes no test id of its own; the icon inside the button carries it.
            icon: <PlusOutlined data-testid="channel-add" />,
            primary: true,
            onClick: () => setForm({ open: true, editing: undefined }),
          },
        ]}
      />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        {channels.isError ? (
          <Alert
            type="error"
            showIcon
            title={channels.error instanceof ApiRequestError ? channels.error.message : labels.loadFailed}
            action={<Button onClick={() => void channels.refetch()}>{common.retry}</Button>}
            data-testid="channels-error"
          />
        ) : (
          <Table
            rowKey="_id"
            columns={columns}
            dataSource={items}
            loading={channels.isLoading}
            pagination={false}
            onRow={rowProps}
            scroll={{ x: 900 }}
            expandable={{
              expandedRowRender: (view) =>
                view.type === 'widget' ? <WidgetSnippet snippet={view.embed.snippet} /> : null,
              rowExpandable: (view) => view.type === 'widget',
            }}
            locale={{ emptyText: labels.empty }}
            data-testid="channels-table"
          />
        )}
      </Flex>
      <ChannelFormModal
        open={form.open}
        editing={form.open ? form.editing : undefined}
        mutations={mutations}
        onClose={() => setForm({ open: false })}
        onCreated={(view) => {
          setForm({ open: false });
          setCreated(view);
        }}
      />
      <ChannelCreatedModal view={created} onClose={() => setCreated(undefined)} />
    </div>
  );
}
