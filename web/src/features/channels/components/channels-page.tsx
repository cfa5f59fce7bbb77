import {
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  MailOutlined,
  PlusOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import type { IntegrationView, UnofficialIntegrationView } from '@atende/shared/contracts/integrations/views';
import { LIMITS } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Badge, Button, Flex, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { dayjs } from '../../../lib/dates/dates.ts';
import { useMountedEmployee } from '../../../lib/session/use-session.ts';
import type { ChannelChoice } from '../forms/channel-fields.ts';
import { useChannelMutations, useChannels } from '../hooks/use-channels.ts';
import { useWhatsappSessionActions } from '../hooks/use-whatsapp-session.ts';
import { ChannelFormModal } from './channel-form-modal.tsx';
import { ChannelCreatedModal, WebhookUrl, WidgetSnippet } from './channel-setup.tsx';
import { ChannelFlowSelect } from './channel-flow-select.tsx';
import { ChannelTypeLabel } from './channel-type.tsx';
import { MailboxCodeModal, mailboxPending } from './mailbox-code-modal.tsx';
import { WhatsappQrModal } from './whatsapp-qr-modal.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.channelsScreens;
const sessionLabels = ptBR.whatsappSession;
const common = ptBR.adminScreens.common;
const toastSeconds = LIMITS.toastDurationMs / 1000;

type FormState =
  { open: false } | { open: true; editing: IntegrationView | undefined; preset?: ChannelChoice };

const connectionText = (view: IntegrationView) => {
  if (view.type === 'unofficial') return sessionLabels.states[view.session.state];
  if (mailboxPending(view) && !view.connection) return labels.mailbox.pending;
  return view.connection ? labels.connected : labels.disconnected;
};

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
  const [linking, setLinking] = useState<UnofficialIntegrationView>();
  const [confirming, setConfirming] = useState<IntegrationView>();
  const session = useWhatsappSessionActions();
  const items = channels.data ?? [];

  const confirmDisconnect = (view: UnofficialIntegrationView) =>
    modal.confirm({
      title: interpolate(sessionLabels.disconnectTitle, { label: view.label }),
      content: sessionLabels.disconnectContent,
      okText: sessionLabels.disconnect,
      cancelText: ptBR.forms.cancel,
      okButtonProps: { danger: true, 'data-testid': 'channel-disconnect-confirm' },
      onOk: async () => {
        try {
          await session.logout.mutateAsync(view._id);
          void message.success(sessionLabels.disconnectAsked, toastSeconds);
        } catch (error) {
          void message.error(
            error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed,
            toastSeconds,
          );
        }
      },
    });

  const sessionAction = (view: IntegrationView) => {
    if (mailboxPending(view))
      return (
        <Tooltip title={labels.mailbox.confirm}>
          <Button
            icon={<MailOutlined />}
            aria-label={labels.mailbox.confirm}
            onClick={() => setConfirming(view)}
            data-testid="channel-confirm-mailbox"
          />
        </Tooltip>
      );
    if (view.type !== 'unofficial') return null;
    return view.connection ? (
      <Tooltip title={sessionLabels.disconnect}>
        <Button
          icon={<DisconnectOutlined />}
          aria-label={sessionLabels.disconnect}
          onClick={() => confirmDisconnect(view)}
          data-testid="channel-disconnect"
        />
      </Tooltip>
    ) : (
      <Tooltip title={sessionLabels.connect}>
        <Button
          icon={<QrcodeOutlined />}
          aria-label={sessionLabels.connect}
          onClick={() => setLinking(view)}
          data-testid="channel-connect"
        />
      </Tooltip>
    );
  };

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
          const whatsapp = view.type === 'official' || view.type === 'unofficial';
          const text =
            !whatsapp && error instanceof ApiRequestError ? error.message : ptBR.errors.processFailed;
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
          text={connectionText(view)}
          data-testid="channel-connection"
          data-connected={String(view.connection)}
        />
      ),
    },
    {
      key: 'webhook',
      title: labels.columns.webhook,
      render: (_, view) => {
        if (view.type === 'widget') return null;
        // A QR session has no webhook: the linked number is what identifies it.
        if (view.type === 'unofficial') return view.phone || null;
        return <WebhookUrl url={view.webhookUrl} />;
      },
    },
    {
      key: 'flow',
      title: ptBR.flows.screens.channelFlow,
      render: (_, view) => <ChannelFlowSelect integrationId={view._id} />,
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
      width: 150,
      render: (_, view) => (
        <Space>
          {sessionAction(view)}
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
          {
            key: 'connect-whatsapp',
            label: sessionLabels.connectWhatsapp,
            icon: <QrcodeOutlined data-testid="channel-connect-whatsapp" />,
            // Spec point 2: hidden while the company uses the official WhatsApp integration.
            blockedOnOfficialWhatsapp: true,
            onClick: () => setForm({ open: true, editing: undefined, preset: { type: 'unofficial' } }),
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
          <ResponsiveTable
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
        preset={form.open ? form.preset : undefined}
        mutations={mutations}
        onClose={() => setForm({ open: false })}
        onCreated={(view) => {
          setForm({ open: false });
          if (view.type === 'unofficial') setLinking(view);
          else if (mailboxPending(view)) setConfirming(view);
          else setCreated(view);
        }}
        onSaved={(view) => {
          if (mailboxPending(view)) setConfirming(view);
        }}
      />
      <MailboxCodeModal view={confirming} onClose={() => setConfirming(undefined)} />
      <ChannelCreatedModal view={created} onClose={() => setCreated(undefined)} />
      <WhatsappQrModal view={linking} onClose={() => setLinking(undefined)} />
    </div>
  );
}
