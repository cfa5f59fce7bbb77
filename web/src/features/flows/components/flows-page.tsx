import type { FlowSummary } from '@atende/shared/contracts/flows/views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { useFlowMutations, useFlows } from '../hooks/use-flows.ts';
import { CreateFlowModal } from './create-flow-modal.tsx';
import { builderPath } from './paths.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

const labels = ptBR.flows.screens;
const errorText = (error: unknown) => (error instanceof ApiRequestError ? error.message : labels.loadFailed);

/** app/chatbot/flow: the company's flows with their state, version and channels. */
export function FlowsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const flows = useFlows();
  const { duplicate, remove } = useFlowMutations();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [creating, setCreating] = useState(false);
  const limit = flows.data?.limit ?? null;
  const count = flows.data?.flows.length ?? 0;

  const confirmDelete = (flow: FlowSummary) =>
    modal.confirm({
      title: interpolate(labels.deleteConfirm, { name: flow.name }),
      okButtonProps: { danger: true, 'data-testid': 'flow-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(flow._id);
          void message.success(labels.deleted);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  const copy = async (flow: FlowSummary) => {
    try {
      await duplicate.mutateAsync(flow._id);
      void message.success(labels.duplicated);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <div data-testid="flows-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Flex justify="space-between" align="center" style={{ marginBlock: 16 }}>
        <Typography.Text type="secondary">
          {limit !== null ? interpolate(labels.limit, { count, max: limit }) : null}
        </Typography.Text>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="flow-add">
          {labels.newFlow}
        </Button>
      </Flex>
      {flows.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(flows.error)}
          action={<Button onClick={() => void flows.refetch()}>{labels.retry}</Button>}
        />
      ) : (
        <ResponsiveTable<FlowSummary>
          rowKey="_id"
          loading={flows.isLoading}
          dataSource={flows.data?.flows ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: labels.empty }}
          onRow={(flow) => ({ 'data-testid': 'flow-row', 'data-flow-id': flow._id }) as object}
          columns={[
            { title: labels.name, dataIndex: 'name', key: 'name' },
            {
              title: labels.status,
              key: 'status',
              render: (_, flow) => (
                <Space>
                  <Tag color={flow.status === 'published' ? 'green' : 'default'}>
                    {flow.status === 'published' ? labels.statusPublished : labels.statusDraft}
                  </Tag>
                  {flow.status === 'published' && flow.draft_changed && (
                    <Tag color="gold">{labels.draftChanged}</Tag>
                  )}
                </Space>
              ),
            },
            { title: labels.version, key: 'version', render: (_, flow) => flow.published_version ?? '—' },
            {
              title: labels.channels,
              key: 'channels',
              render: (_, flow) =>
                flow.channels.length === 0 ? (
                  <Typography.Text type="secondary">{labels.noChannels}</Typography.Text>
                ) : (
                  flow.channels.map((channel) => <Tag key={channel._id}>{channel.label}</Tag>)
                ),
            },
            {
              title: labels.actions,
              key: 'actions',
              render: (_, flow) => (
                <Space>
                  <Button
                    size="small"
                    onClick={() => navigate(builderPath(flow._id))}
                    data-testid="flow-edit"
                  >
                    {labels.edit}
                  </Button>
                  <Button size="small" onClick={() => void copy(flow)} data-testid="flow-duplicate">
                    {labels.duplicate}
                  </Button>
                  <Button size="small" danger onClick={() => confirmDelete(flow)} data-testid="flow-delete">
                    {labels.delete}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <CreateFlowModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
