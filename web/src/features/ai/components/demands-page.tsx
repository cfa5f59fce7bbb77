import type { DemandView } from '@atende/shared/contracts/ai/insight-views';
import { DEMANDS_PAGE_SIZE } from '@atende/shared/contracts/ai/insight-views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Alert, App, Button, Card, Flex, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { BreadcrumbItem } from '../../../components/page-header/page-header.tsx';
import { PageHeader } from '../../../components/page-header/page-header.tsx';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { formatCompanyTime } from '../../../lib/dates/dates.ts';
import { aiApi, aiKeys } from '../api/ai-api.ts';
import { useAiMutation, useAssistants } from '../hooks/use-ai.ts';
import { useDemands } from '../hooks/use-insights.ts';
import { ResolveDemandModal } from './resolve-demand-modal.tsx';

const t = ptBR.ai.insights.demands;
const REASONS = ['unsupported', 'threshold', 'skill'] as const;

/** app/chatbot/ai/demands: questions the assistants could not answer, by topic, to answer or dismiss. */
export function DemandsPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [assistant, setAssistant] = useState<string>();
  const [resolving, setResolving] = useState<DemandView>();
  const demands = useDemands(page, assistant);
  const assistants = useAssistants();
  const dismiss = useAiMutation(aiApi.dismissDemand, [aiKeys.allDemands]);
  const names = new Map((assistants.data ?? []).map((item) => [item._id, item.name]));

  return (
    <div data-testid="demands-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Card style={{ marginTop: 16 }}>
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t.intro}
          </Typography.Paragraph>
          <Select
            allowClear
            style={{ width: 260, maxWidth: '100%' }}
            placeholder={t.allAssistants}
            aria-label={t.assistant}
            value={assistant}
            onChange={(value?: string) => {
              setAssistant(value);
              setPage(1);
            }}
            options={(assistants.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
            data-testid="demands-assistant"
          />
          {demands.isError ? (
            <Alert
              type="error"
              showIcon
              title={ptBR.ai.screens.loadFailed}
              action={<Button onClick={() => void demands.refetch()}>{ptBR.ai.screens.retry}</Button>}
            />
          ) : (
            <ResponsiveTable<DemandView>
              rowKey="_id"
              loading={demands.isLoading}
              dataSource={demands.data?.items ?? []}
              locale={{ emptyText: t.empty }}
              pagination={{
                current: page,
                pageSize: DEMANDS_PAGE_SIZE,
                total: demands.data?.total ?? 0,
                hideOnSinglePage: true,
                onChange: setPage,
              }}
              onRow={() => ({ 'data-testid': 'demand-row' }) as object}
              columns={[
                {
                  title: t.question,
                  key: 'question',
                  render: (_, demand) => (
                    <Space direction="vertical" size={0}>
                      <Typography.Text strong>{demand.question}</Typography.Text>
                      {demand.last_question !== demand.question && (
                        <Typography.Text type="secondary">
                          {interpolate(t.lastQuestion, { text: demand.last_question })}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
                },
                { title: t.count, dataIndex: 'count', width: 80 },
                {
                  title: t.reasons,
                  key: 'reasons',
                  render: (_, demand) =>
                    REASONS.filter((reason) => demand.reasons[reason] > 0).map((reason) => (
                      <Tag key={reason}>{`${t.reasonLabels[reason]} (${demand.reasons[reason]})`}</Tag>
                    )),
                },
                {
                  title: t.assistant,
                  key: 'assistants',
                  render: (_, demand) =>
                    demand.assistants
                      .map((id) => names.get(id) ?? ptBR.ai.insights.precision.deletedAssistant)
                      .join(', '),
                },
                {
                  title: t.lastSeen,
                  dataIndex: 'last_seen',
                  render: (value: string) => formatCompanyTime(value),
                },
                {
                  title: ptBR.ai.screens.actions,
                  key: 'actions',
                  render: (_, demand) => (
                    <Flex gap={4} wrap>
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => setResolving(demand)}
                        data-testid="demand-resolve"
                      >
                        {t.toKnowledge}
                      </Button>
                      <Popconfirm
                        title={t.dismissConfirm}
                        okText={t.dismiss}
                        cancelText={ptBR.ai.screens.cancel}
                        onConfirm={() =>
                          dismiss.mutateAsync(demand._id).then(
                            () => void message.success(t.dismissed),
                            () => void message.error(ptBR.ai.screens.saveFailed),
                          )
                        }
                      >
                        <Button size="small" danger data-testid="demand-dismiss">
                          {t.dismiss}
                        </Button>
                      </Popconfirm>
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Flex>
      </Card>
      <ResolveDemandModal demand={resolving} onClose={() => setResolving(undefined)} />
    </div>
  );
}
