import { SyncOutlined } from '@ant-design/icons';
import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { syncTemplates } from '@atende/shared/contracts/templates/sync-templates';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { decideAccess } from '@atende/shared/rules/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/socket/use-live-invalidation.ts';
import { TEMPLATE_LIVE_EVENTS, templateKeysForFrame } from '../api/live-keys.ts';
import { Alert, App, Button, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useChannels } from '../../channels/hooks/use-channels.ts';
import { fetchTemplates, syncIntegrationTemplates, templateKeys } from '../api/templates-api.ts';
import { canSyncTemplates, templateIntegrations } from '../status/template-integrations.ts';
import { templateStatusDisplay } from '../status/template-status.ts';
import { SubmitTemplateModal } from './submit-template-modal.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.channelsScreens.templates;
const common = ptBR.adminScreens.common;
const toastSeconds = LIMITS.toastDurationMs / 1000;

const columns: ColumnsType<TemplateView> = [
  { key: 'name', title: labels.columns.name, dataIndex: 'name', width: 220 },
  {
    key: 'content',
    title: labels.columns.content,
    render: (_, template) => (
      <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 0 }}>
        {template.body}
      </Typography.Paragraph>
    ),
  },
  {
    key: 'status',
    title: labels.columns.status,
    width: 140,
    render: (_, template) => {
      const display = templateStatusDisplay(template.status);
      return (
        <Tag color={display.color} data-testid="template-status" data-status={template.status}>
          {display.label}
        </Tag>
      );
    },
  },
  {
    key: 'meaning',
    title: labels.columns.meaning,
    render: (_, template) => (
      <Typography.Text type="secondary">{templateStatusDisplay(template.status).meaning}</Typography.Text>
    ),
  },
];

const rowProps = (template: TemplateView) =>
  ({ 'data-testid': 'template-row', 'data-status': template.status }) as HTMLAttributes<HTMLElement>;

/** app/contacts/template-messages: each official integration's templates and what their status means. */
export function TemplatesPage({
  title,
  breadcrumb,
}: {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
}) {
  const { message } = App.useApp();
  const { access } = useSession();
  const queryClient = useQueryClient();
  const channels = useChannels();
  const integrations = templateIntegrations(channels.data ?? []);
  const [picked, setPicked] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const selected = integrations.find((view) => view._id === picked) ?? integrations[0];
  useLiveInvalidation(TEMPLATE_LIVE_EVENTS, templateKeysForFrame);
  const templates = useQuery({
    queryKey: templateKeys.list(selected?._id ?? ''),
    queryFn: () => fetchTemplates(selected?._id ?? ''),
    enabled: selected !== undefined,
  });
  const sync = useMutation({
    mutationFn: (integration: string) => syncIntegrationTemplates(integration),
    onSuccess: (items, integration) => {
      queryClient.setQueryData(templateKeys.list(integration), items);
      void message.success(labels.synced, toastSeconds);
    },
    onError: (error) =>
      void message.error(error instanceof ApiRequestError ? error.message : labels.syncFailed, toastSeconds),
  });
  const maySync =
    selected !== undefined &&
    canSyncTemplates(selected) &&
    access !== undefined &&
    decideAccess(syncTemplates.access, access).allowed;

  const failed = channels.isError || templates.isError;
  const body = () => {
    if (failed) {
      const error = channels.error ?? templates.error;
      return (
        <Alert
          type="error"
          showIcon
          title={error instanceof ApiRequestError ? error.message : labels.loadFailed}
          action={
            <Button onClick={() => void (channels.isError ? channels.refetch() : templates.refetch())}>
              {common.retry}
            </Button>
          }
          data-testid="templates-error"
        />
      );
    }
    if (!channels.isLoading && integrations.length === 0)
      return <Empty description={labels.noIntegration} data-testid="templates-no-integration" />;
    return (
      <ResponsiveTable
        rowKey="_id"
        columns={columns}
        dataSource={templates.data ?? []}
        loading={channels.isLoading || templates.isLoading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={rowProps}
        locale={{ emptyText: labels.empty }}
        data-testid="templates-table"
      />
    );
  };

  return (
    <div data-testid="templates-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        {integrations.length > 0 && (
          <Space wrap>
            <Typography.Text>{labels.integration}</Typography.Text>
            <Select
              style={{ minWidth: 260 }}
              value={selected?._id}
              onChange={setPicked}
              placeholder={labels.chooseIntegration}
              notFoundContent={ptBR.forms.noOptions}
              options={integrations.map((view) => ({ value: view._id, label: view.label }))}
              data-testid="templates-integration"
            />
            {maySync && (
              <Button onClick={() => setSubmitting(true)} data-testid="template-new">
                {ptBR.campaigns.templateSubmit.open}
              </Button>
            )}
            {maySync && (
              <Button
                icon={<SyncOutlined />}
                loading={sync.isPending}
                onClick={() => sync.mutate(selected._id)}
                data-testid="templates-sync"
              >
                {labels.sync}
              </Button>
            )}
          </Space>
        )}
        {body()}
      </Flex>
      {selected && (
        <SubmitTemplateModal
          integration={selected._id}
          open={submitting}
          onClose={() => setSubmitting(false)}
        />
      )}
    </div>
  );
}
